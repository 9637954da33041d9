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
