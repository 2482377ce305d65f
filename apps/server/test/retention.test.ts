import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsKv } from '../src/db/schema.ts';
import { runRetention } from '../src/jobs/retention.ts';
import { checkTelemetryPartitions } from './partition-checks.ts';
import { type Stack, startStack } from './stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const DAY = 86_400_000;

describe('telemetry retention', () => {
  it('reduces old raw samples to hourly values once, and deletes what is past keeping', async () => {
    const db = stack.server.database.db;
    const now = Date.UTC(2026, 10, 22, 12);
    const clock = { now: () => now };
    const device = stack.ids.plug;
    const oldHour = Date.UTC(2026, 9, 1, 10); // 52 days ago
    for (let m = 0; m < 60; m += 10)
      stack.server.telemetry.ingest(device, { power: m, mode: `m${m}` }, oldHour + m * 60_000);
    stack.server.telemetry.ingest(device, { power: 7 }, now - DAY); // recent: stays raw
    stack.server.telemetry.ingest(device, { power: 1 }, now - 500 * DAY); // past keeping
    await stack.server.telemetry.flush();

    const result = await runRetention(db, clock, { rawDays: 30, keepDays: 400 }, 400);
    expect(result.deleted).toBe(1);
    const rows = (key: string) =>
      db
        .select({ ts: tsKv.ts, value: tsKv.value })
        .from(tsKv)
        .where(and(eq(tsKv.deviceId, device), eq(tsKv.key, key)))
        .orderBy(asc(tsKv.ts));
    const power = (await rows('power')).filter((r) => r.ts < now - 30 * DAY);
    expect(power).toEqual([{ ts: oldHour, value: 25 }]);
    expect((await rows('mode')).filter((r) => r.ts < now - 30 * DAY)).toEqual([
      { ts: oldHour, value: 'm50' },
    ]);
    expect((await rows('power')).some((r) => r.ts === now - DAY)).toBe(true);

    // A second pass finds nothing left to do.
    const again = await runRetention(db, clock, { rawDays: 30, keepDays: 400 }, 400);
    expect(again).toEqual({ downsampled: 0, deleted: 0 });
  });
});

describe('telemetry partitions (PGlite)', () => {
  it('keeps months ahead, routes rows, aggregates across months and drops expired months whole', async () => {
    await checkTelemetryPartitions(stack.server.database.db, Date.now());
  });
});
