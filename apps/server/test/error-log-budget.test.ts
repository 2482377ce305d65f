import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './stack.ts';

/**
 * Issue 22, logs: an unexpected error that repeats on every request is logged at most 10 times a
 * minute per kind; the first line of the next minute says how many were left out. Every answer is
 * still the 500 in the wrapper.
 */
let stack: Stack;
const logged: string[] = [];
beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'error' }, { log: logged });
});
afterAll(() => stack?.stop());

const unhandled = () =>
  logged
    .flatMap((l) => l.split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { msg: string; suppressed?: number })
    .filter((l) => l.msg === 'unhandled error');

describe('error log budget', () => {
  it('logs a repeating fault 10 times a minute, then says how many it left out', async () => {
    const db = stack.server.database.db;
    await db.execute(
      sql.raw(`create function fail_for_log_test() returns trigger language plpgsql as $$
        begin raise exception 'disk on fire'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_for_log_test before insert on assets
        for each row execute function fail_for_log_test()`),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++)
        statuses.push(
          await stack.client.call('addAsset', { body: { name: `Shed ${i}` } }).then(
            () => 200,
            (e: { statusCode?: number }) => e.statusCode ?? 0,
          ),
        );
      expect(statuses.every((s) => s === 500)).toBe(true);
      expect(unhandled()).toHaveLength(10);
      stack.advance(60_000);
      await stack.client.call('addAsset', { body: { name: 'Shed later' } }).catch(() => undefined);
      expect(unhandled()).toHaveLength(11);
      expect(unhandled().at(-1)?.suppressed).toBe(15);
    } finally {
      await db.execute(sql.raw('drop trigger fail_for_log_test on assets'));
      await db.execute(sql.raw('drop function fail_for_log_test()'));
    }
  });
});
