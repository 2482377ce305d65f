/** Spec sections 4 and 9: a clock offset is kept only when it exceeds 60 s. */
export const CLOCK_OFFSET_THRESHOLD_MS = 60_000;

/**
 * Server time minus local time, or 0 when they differ by 60 s or less. `sentAt` and `receivedAt` are
 * the local times around the request; the server's time is compared with their midpoint.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  const offset = Math.round(serverTime - (sentAt + receivedAt) / 2);
  return Math.abs(offset) > CLOCK_OFFSET_THRESHOLD_MS ? offset : 0;
}

/**
 * Day or night by the corrected time and the day's two bounds (sunrise, sunset) in epoch ms. The spec
 * notes the bounds as coded; here day is the plain reading: from the first up to the second.
 */
export function isDayTime(now: number, sunrise: number, sunset: number): boolean {
  return now >= sunrise && now < sunset;
}

/** 06:00 and 18:00 of the local day of `now`: the bounds when no location gives better ones. */
export function defaultDayBounds(now: number): [number, number] {
  const d = new Date(now);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return [start + 6 * 3600_000, start + 18 * 3600_000];
}
