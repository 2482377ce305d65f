/**
 * Issue 8: the phone's position for Location conditions (decision 012). The server runs an
 * automation when a reported move crosses its circle, so a position is worth sending only when it
 * moved. Rules: the first fix goes at once; after that only a move of at least LOCATION_MIN_MOVE_M
 * from the last sent position, and no sooner than LOCATION_MIN_INTERVAL_MS after the last send (a
 * move that comes sooner is sent when the interval ends, so a crossing is never dropped). The
 * interval is 5 s rather than a minute: a move of 25 m is rare enough to keep the traffic low, and
 * arriving home should not wait a minute to switch the lights; it also keeps the e2e test at seconds.
 */
export const LOCATION_MIN_MOVE_M = 25;
export const LOCATION_MIN_INTERVAL_MS = 5_000;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine, mean Earth radius), as the server measures it. */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What to do with a new position: send it now, wait this many ms and send the newest, or skip it. */
export function sendDecision(
  last: { point: GeoPoint; at: number } | null,
  point: GeoPoint,
  now: number,
): 'now' | 'skip' | number {
  if (!last) return 'now';
  if (distanceMeters(last.point, point) < LOCATION_MIN_MOVE_M) return 'skip';
  const wait = last.at + LOCATION_MIN_INTERVAL_MS - now;
  return wait <= 0 ? 'now' : wait;
}
