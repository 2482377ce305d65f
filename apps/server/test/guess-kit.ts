import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { type Stack, startStack } from './stack.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { data: unknown; isSuccess: boolean; message: string; statusCode: number };
}

/**
 * What the guess-limit tests share (issue 26, decision 017): one stack per test file, calls from
 * chosen loopback addresses so a test can play several requesters, and readers of codes and counters.
 */
export function guessKit() {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  /**
   * A JSON call from a chosen loopback address (127.0.0.x all reach the server), so tests can play
   * several requesters. Each call opens its own connection, so parallel calls really are parallel.
   */
  function call(
    path: string,
    body: unknown,
    opts: { from?: string; token?: string; method?: string } = {},
  ): Promise<Answer> {
    const url = new URL(`${stack.server.url}/api/v1${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: opts.method ?? 'POST',
          localAddress: opts.from ?? '127.0.0.1',
          agent: false,
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            text += d;
          });
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  const hour = () => stack.advance(3600_000 + 1000);
  const minute = () => stack.advance(61_000);
  const codeFor = (to: string) =>
    [...stack.outbox]
      .reverse()
      .find((l) => l.includes(to))
      ?.match(/\b(\d{6})\b/)?.[1] as string;
  const otherThan = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const tally = (answers: Answer[]) => {
    const t: Record<number, number> = {};
    for (const a of answers) t[a.status] = (t[a.status] ?? 0) + 1;
    return t;
  };
  const attemptsOn = async (purpose: string, target: string) =>
    (
      await queryRows<{ attempts: number }>(
        stack.server.database.db,
        sql`select attempts from verification_codes where purpose = ${purpose} and target = ${target}
            order by created_at desc limit 1`,
      )
    )[0]?.attempts;

  return {
    /** The file's stack, once started. */
    get stack(): Stack {
      return stack;
    },
    call,
    hour,
    minute,
    codeFor,
    otherThan,
    tally,
    attemptsOn,
  };
}
