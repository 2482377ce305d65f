import { HestiaClient } from '@hestia/client';
import { DEFAULT_LOG_CREDENTIALS } from '@hestia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { CLIENT_LOG_ROWS } from '../src/modules/system/client-logs.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * Issue 25, the app's log collection (spec section 7): basic authorization, one identical message
 * per client in 2 s, personal data replaced before storing, the newest CLIENT_LOG_ROWS rows kept.
 */
let stack: Stack;
const basic = `Basic ${Buffer.from(DEFAULT_LOG_CREDENTIALS).toString('base64')}`;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

async function post(body: unknown, headers: Record<string, string> = { authorization: basic }) {
  const res = await fetch(`${stack.server.url}/api/v1/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string; isSuccess: boolean } };
}

type Row = { id: string; client: string | null; level: string; message: string; screen: string | null };
const rows = (where = sql`true`) =>
  queryRows<Row>(stack.server.database.db, sql`select * from client_logs where ${where} order by id`);

describe('log collection', () => {
  it('refuses a log without the basic authorization, or with a wrong one, and stores nothing', async () => {
    const log = { level: 'error', message: 'refused log' };
    const wrong = `Basic ${Buffer.from('hestia-app:guess').toString('base64')}`;
    const { token } = await new HestiaClient({ baseUrl: stack.server.url }).login(DEMO_EMAIL, DEMO_PASSWORD);
    for (const headers of [{}, { authorization: wrong }, { authorization: `Bearer ${token}` }] as Array<
      Record<string, string>
    >) {
      const { status, body } = await post(log, headers);
      expect(status).toBe(401);
      expect(body).toMatchObject({
        isSuccess: false,
        message: 'Logs need the log service’s basic authorization.',
      });
    }
    expect(await rows(sql`message = 'refused log'`)).toEqual([]);
  });

  it('stores a log with e-mails, phone numbers and tokens replaced, ids kept', async () => {
    const id = 'c0ffee00-1234-4abc-8def-0123456789ab';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJlLXZhbHVl';
    const message = `login of demo@hestia.local (+98 912 345 6789) failed on device ${id} with ${jwt}`;
    const res = await post(
      { level: 'error', message, screen: 'profile of demo@hestia.local', appVersion: '1.2.0' },
      { authorization: basic, 'x-client-id': 'client-redaction-1' },
    );
    expect(res.status).toBe(200);
    const [row] = await rows(sql`client = 'client-redaction-1'`);
    expect(row).toMatchObject({
      level: 'error',
      message: `login of {email} ({phone}) failed on device ${id} with {token}`,
      screen: 'profile of {email}',
    });
    expect(JSON.stringify(await rows())).not.toMatch(/demo@hestia|912 345|eyJhbGci/);
  });

  it('takes one identical message per client in 2 s: again is refused, another client or message is not', async () => {
    const first = { authorization: basic, 'x-client-id': 'client-throttle-a' };
    const other = { authorization: basic, 'x-client-id': 'client-throttle-b' };
    const log = { level: 'info', message: 'opened the dashboard' };
    expect((await post(log, first)).status).toBe(200);
    const again = await post(log, first);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(
      'This message was just logged: the same message is taken once every 2 seconds.',
    );
    expect((await post({ ...log, message: 'opened the timers' }, first)).status).toBe(200);
    expect((await post(log, other)).status).toBe(200);
    stack.advance(2001);
    expect((await post(log, first)).status).toBe(200);
    expect(await rows(sql`message = 'opened the dashboard'`)).toHaveLength(3);
  });

  it('keeps only the newest rows', async () => {
    const db = stack.server.database.db;
    // Fill the table to its cap with old rows, then log twice more.
    const n =
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from client_logs`))[0]?.n ?? 0;
    await db.execute(sql`
      insert into client_logs (created_at, level, message)
      select now(), 'info', 'filler ' || g from generate_series(1, ${CLIENT_LOG_ROWS - n}) g`);
    const [oldest] = await rows();
    expect((await post({ level: 'error', message: 'past the cap 1' })).status).toBe(200);
    expect((await post({ level: 'error', message: 'past the cap 2' })).status).toBe(200);
    const [counted] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from client_logs`,
    );
    expect(counted?.count).toBe(CLIENT_LOG_ROWS);
    expect(await rows(sql`id = ${oldest?.id}`)).toEqual([]);
    expect(await rows(sql`message like 'past the cap %'`)).toHaveLength(2);
  });

  it('refuses a log that is not one: unknown level, empty or too long message', async () => {
    for (const body of [
      { level: 'debug', message: 'x' },
      { level: 'info', message: '   ' },
      { level: 'info', message: 'x'.repeat(2001) },
      { level: 'info', message: 'x', extra: 1 },
    ])
      expect((await post(body)).status).toBe(400);
  });
});
