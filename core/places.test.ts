import { describe, expect, it } from 'vitest';
import { placeNamed, PLACES } from './places';

describe('the Metro Manila gazetteer', () => {
  it('has at least 150 places, each named once and inside Metro Manila', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(PLACES.map((place) => place.name.toLowerCase())).size).toBe(PLACES.length);
    for (const { point } of PLACES) {
      expect(point[0]).toBeGreaterThan(14.35);
      expect(point[0]).toBeLessThan(14.8);
      expect(point[1]).toBeGreaterThan(120.9);
      expect(point[1]).toBeLessThan(121.15);
    }
    expect(PLACES.filter((place) => place.kind === 'city')).toHaveLength(17);
    for (const kind of ['district', 'mall', 'station', 'hospital', 'university'] as const)
      expect(PLACES.some((place) => place.kind === kind)).toBe(true);
  });

  it('resolves a name whatever its case and accents', () => {
    expect(placeNamed('las pinas')?.name).toBe('Las Piñas');
    expect(placeNamed('  GUADALUPE STATION (MRT-3) ')?.point).toEqual([14.5666, 121.0455]);
    expect(placeNamed('Bonifacio')).toBeNull();
  });
});
