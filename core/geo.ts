/** Great-circle distance in kilometres (haversine) between two [lat, lng] points. */
export function distanceKm([lat1, lng1]: readonly [number, number], [lat2, lng2]: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** Where the map opens before a search: Manila, where the lots are. */
export const MANILA_CENTER: [number, number] = [14.5995, 120.9842];

/** "350 m" under a kilometre, else "2.4 km". */
export const formatDistance = (km: number) => (km < 1 ? `${Math.round(km * 100) * 10} m` : `${km.toFixed(1)} km`);

/** Streets wind: a walk is about this much longer than the straight line (docs/search.md, Directions). */
const WALK_DETOUR = 1.3;
const WALK_KM_PER_HOUR = 4.8;
/** Past this, a walk is not what a driver parking here would do: the distance is shown instead. */
export const WALKABLE_KM = 2;

/** "About 6 min walk" from a straight-line distance, or the distance when it is too far to walk. */
export function walkingText(km: number): string {
  if (km > WALKABLE_KM) return formatDistance(km);
  return `About ${Math.max(1, Math.round(((km * WALK_DETOUR) / WALK_KM_PER_HOUR) * 60))} min walk`;
}

/** A lot's pin and, when the owner set one apart from it, its entrance (docs/owner.md, Entrance). */
export type LotPlace = { geoLat: number; geoLng: number; entranceLat: number | null; entranceLng: number | null };

/** Where Directions lead: the lot's entrance, or its pin when the pin is the entrance. */
export const entranceOf = (lot: LotPlace): [number, number] =>
  lot.entranceLat !== null && lot.entranceLng !== null ? [lot.entranceLat, lot.entranceLng] : [lot.geoLat, lot.geoLng];

/** Turn-by-turn to a point, in Google Maps and in Waze (each opens its app on a phone that has it). */
export function directionsLinks(lat: number, lng: number) {
  return {
    googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}&travelmode=driving`,
    waze: `https://waze.com/ul?ll=${lat},${lng}&navigate=yes`,
  };
}
