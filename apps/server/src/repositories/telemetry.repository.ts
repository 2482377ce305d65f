import type { TelemetryValue } from '@hestia/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { tsKv, tsKvLatest } from '../db/schema.ts';

export interface Sample {
  deviceId: string;
  key: string;
  ts: number;
  value: TelemetryValue;
}

export function telemetryRepository(db: Db) {
  return {
    /** One multi-row insert for history and one upsert for latest values; the latest never goes back in time. */
    async writeBatch(samples: Sample[]): Promise<void> {
      if (samples.length === 0) return;
      const history = new Map<string, Sample>();
      const latest = new Map<string, Sample>();
      for (const s of samples) {
        history.set(`${s.deviceId}|${s.key}|${s.ts}`, s);
        const k = `${s.deviceId}|${s.key}`;
        const prev = latest.get(k);
        if (!prev || prev.ts <= s.ts) latest.set(k, s);
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(tsKv)
          .values([...history.values()])
          .onConflictDoNothing();
        await tx
          .insert(tsKvLatest)
          .values([...latest.values()])
          .onConflictDoUpdate({
            target: [tsKvLatest.deviceId, tsKvLatest.key],
            set: { ts: sql`excluded.ts`, value: sql`excluded.value` },
            setWhere: sql`excluded.ts >= ${tsKvLatest.ts}`,
          });
      });
    },
    async latest(deviceIds: string[]): Promise<Sample[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .select()
        .from(tsKvLatest)
        .where(
          deviceIds.length === 1
            ? eq(tsKvLatest.deviceId, deviceIds[0] as string)
            : inArray(tsKvLatest.deviceId, deviceIds),
        );
      return rows.map((r) => ({ ...r, value: r.value as TelemetryValue }));
    },
  };
}

export type TelemetryRepository = ReturnType<typeof telemetryRepository>;

/** Devices whose latest `active` reads true (to reset after an embedded broker restart). */
export async function devicesMarkedActive(db: Db): Promise<string[]> {
  const rows = await db
    .select({ deviceId: tsKvLatest.deviceId })
    .from(tsKvLatest)
    .where(sql`${tsKvLatest.key} = 'active' and ${tsKvLatest.value} = 'true'::jsonb`);
  return rows.map((r) => r.deviceId);
}
