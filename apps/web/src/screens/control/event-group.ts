/** How far back an event list looks, and how many events it shows. */
export const EVENT_WINDOW_MS = 7 * 24 * 3600_000;
export const EVENT_LIMIT = 30;

/** One event: what the device reported together at one moment (`{key: value}`). */
export interface DeviceEvent {
  ts: number;
  values: Record<string, string>;
}

/**
 * Points reported at the same moment form one event; only moments where `main` was reported count.
 * Newest first, at most EVENT_LIMIT.
 */
export function groupEvents(
  result: Readonly<Record<string, readonly { ts: number; value: string }[]>>,
  main: string,
): DeviceEvent[] {
  const byTs = new Map<number, Record<string, string>>();
  for (const [key, list] of Object.entries(result))
    for (const p of list) byTs.set(p.ts, { ...byTs.get(p.ts), [key]: p.value });
  return [...byTs]
    .filter(([, v]) => v[main] !== undefined)
    .sort((a, b) => b[0] - a[0])
    .slice(0, EVENT_LIMIT)
    .map(([ts, values]) => ({ ts, values }));
}
