import { describe, expect, it } from 'vitest';
import { directionsLinks, walkingText } from './geo';

describe('getting there', () => {
  it('says how long the walk from the lot to the searched place is, allowing for streets, and the distance past 2 km', () => {
    expect(walkingText(0.05)).toBe('About 1 min walk');
    // 500 m as the crow flies is about 650 m on foot: 8 minutes at 4.8 km/h.
    expect(walkingText(0.5)).toBe('About 8 min walk');
    expect(walkingText(2)).toBe('About 33 min walk');
    expect(walkingText(2.4)).toBe('2.4 km');
  });

  it('opens turn-by-turn directions to the point in Google Maps and in Waze', () => {
    expect(directionsLinks(14.551, 121.0503)).toEqual({
      googleMaps: 'https://www.google.com/maps/dir/?api=1&destination=14.551,121.0503&travelmode=driving',
      waze: 'https://waze.com/ul?ll=14.551,121.0503&navigate=yes',
    });
  });
});
