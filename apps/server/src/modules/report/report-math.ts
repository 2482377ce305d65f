/** Pure arithmetic of reports and energy: no I/O, time zones through Intl. */

export interface Point {
  ts: number;
  value: number;
}

/** Power samples further apart than this are not joined: the device's draw in the gap is unknown. */
export const MAX_GAP_MS = 15 * 60_000;
const SLOT_MS = 15 * 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function parts(ts: number, timeZone: string): Record<string, number> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(ts)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The local hour or day a moment falls in, as a sortable label (2026-03-29T02 or 2026-03-29). */
export function localBucket(ts: number, bucket: 'HOUR' | 'DAY', timeZone: string): string {
  const p = parts(ts, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return bucket === 'DAY' ? date : `${date}T${String(p.hour).padStart(2, '0')}`;
}

/**
 * Energy in kWh per local hour or day from power samples in watts: trapezoids between samples no
 * further apart than MAX_GAP_MS, cut at 15-minute boundaries (every time zone's hours and days
 * start on one) so each piece lands in the right local bucket.
 */
export function energyByBucket(
  power: Point[],
  range: { startTs: number; endTs: number },
  bucket: 'HOUR' | 'DAY',
  timeZone: string,
): Array<{ bucket: string; startTs: number; kwh: number }> {
  const out = new Map<string, { startTs: number; kwh: number }>();
  const add = (from: number, to: number, watts: number) => {
    const key = localBucket(from, bucket, timeZone);
    const entry = out.get(key) ?? { startTs: from, kwh: 0 };
    entry.startTs = Math.min(entry.startTs, from);
    entry.kwh += (watts * (to - from)) / 3_600_000_000;
    out.set(key, entry);
  };
  const sorted = [...power].sort((a, b) => a.ts - b.ts);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i] as Point;
    const b = sorted[i + 1] as Point;
    if (b.ts - a.ts > MAX_GAP_MS || b.ts <= a.ts) continue;
    const from = Math.max(a.ts, range.startTs);
    const to = Math.min(b.ts, range.endTs);
    if (to <= from) continue;
    const watts = (a.value + b.value) / 2;
    let t = from;
    while (t < to) {
      const next = Math.min(to, (Math.floor(t / SLOT_MS) + 1) * SLOT_MS);
      add(t, next, watts);
      t = next;
    }
  }
  return [...out.entries()]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([b, v]) => ({ bucket: b, startTs: v.startTs, kwh: round(v.kwh, 6) }));
}

/** Milliseconds a 0/1 key spent at 1 in the range; `initial` is its value when the range began. */
export function onTime(
  points: Point[],
  range: { startTs: number; endTs: number },
  initial: number | undefined,
): number {
  let state = initial ?? 0;
  let since = range.startTs;
  let total = 0;
  for (const p of [...points].sort((a, b) => a.ts - b.ts)) {
    if (p.ts < range.startTs || p.ts >= range.endTs) continue;
    if (state === 1) total += p.ts - since;
    state = p.value === 1 ? 1 : 0;
    since = p.ts;
  }
  if (state === 1) total += range.endTs - since;
  return total;
}

/** Moments a key changed value (the first sample counts only if it differs from `initial`). */
export function changes(points: Point[], initial: number | undefined): Point[] {
  const out: Point[] = [];
  let last = initial;
  for (const p of [...points].sort((a, b) => a.ts - b.ts)) {
    if (p.value !== last) out.push(p);
    last = p.value;
  }
  return out;
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Keys that report faults: error codes, fault flags, boiler b_eNN, generic eNN. */
export const ERROR_KEY = /(^|_)(error|err|fault)(_|$|\d)|^b_e\d+$|^e\d+$/i;
