import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';
import type { Clock } from './clock.ts';

/** The counters in the database, shared by every limit. */
export function attemptStore(db: Db, clock: Clock) {
  let lastSweep = clock.now();
  const SWEEP_EVERY_MS = 10 * 60_000;

  /** Finished windows are removed now and then, so the table holds only live counters. */
  function sweep(now: number): void {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    void db
      .execute(
        sql`delete from attempt_counters where reset_at <= ${new Date(now).toISOString()}::timestamptz`,
      )
      .catch(() => undefined);
  }

  return {
    now: () => clock.now(),

    /**
     * Count one attempt on each key (unique keys) in one statement: a key whose window has ended
     * starts again at 1. Returns each key's count within its window and when the window ends.
     */
    async take(
      entries: Array<{ key: string; windowMs: number }>,
    ): Promise<Map<string, { count: number; resetAt: number }>> {
      const now = clock.now();
      sweep(now);
      const nowIso = new Date(now).toISOString();
      const values = sql.join(
        entries.map((e) => sql`(${e.key}, 1, ${new Date(now + e.windowMs).toISOString()}::timestamptz)`),
        sql`, `,
      );
      const rows = await queryRows<{ key: string; count: number; reset_ms: number | string }>(
        db,
        sql`insert into attempt_counters as c (key, count, reset_at) values ${values}
            on conflict (key) do update set
              count = case when c.reset_at <= ${nowIso}::timestamptz then 1 else c.count + 1 end,
              reset_at = case when c.reset_at <= ${nowIso}::timestamptz then excluded.reset_at else c.reset_at end
            returning c.key, c.count, (extract(epoch from c.reset_at) * 1000)::float8 as reset_ms`,
      );
      return new Map(rows.map((r) => [r.key, { count: Number(r.count), resetAt: Number(r.reset_ms) }]));
    },

    /** Give one attempt back (a success that should not count), within the live window only. */
    async give(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.execute(
        sql`update attempt_counters set count = greatest(count - 1, 0)
            where key in (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}) and reset_at > ${new Date(clock.now()).toISOString()}::timestamptz`,
      );
    },

    async clear(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.execute(
        sql`delete from attempt_counters where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    },
  };
}

export type AttemptStore = ReturnType<typeof attemptStore>;
