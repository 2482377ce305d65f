/** A point on Earth in decimal degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine formula). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
