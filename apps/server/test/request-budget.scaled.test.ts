import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { RequestBudget, useRequestBudget } from '../src/core/request-budget.ts';
import {
  type SharedRequestBudget,
  SPEND_SCRIPT,
  sharedRequestBudget,
} from '../src/core/shared-request-budget.ts';
import { type OwnRedis, startOwnRedis, stopOwnServices } from './fault-kit.ts';
import { freshDatabase, scaledConfigured, scaledEnv, TEST_REDIS_URL } from './scaled-kit.ts';
import { addUser, waitFor } from './stack.ts';

/**
 * Decision 050: in scaled mode a user's request budget is one over every instance, in Redis. Two
 * instances with a small budget (2 a second, 20 at once): a user's requests spread over both get
 * about 20, not 40. Redis away, each instance's own bucket decides (requests keep working).
 */

const SMALL = { USER_REQUESTS_PER_SECOND: '2', USER_REQUEST_BURST: '20' };

let lastUserId = '';
async function tokenOf(server: HestiaServer, email: string): Promise<string> {
  lastUserId = (await addUser(server, email, 'Budget7Pass')).id;
  const res = await fetch(`${server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'Budget7Pass' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const list = (server: HestiaServer, token: string) =>
  fetch(`${server.url}/api/v1/customer/devices`, { headers: { authorization: `Bearer ${token}` } });

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const figures = (ms: number[]) => {
  const s = [...ms].sort((x, y) => x - y);
  return `p50 ${percentile(s, 50).toFixed(3)} ms, p99 ${percentile(s, 99).toFixed(3)} ms, max ${(s.at(-1) ?? 0).toFixed(3)} ms`;
};

describe.runIf(scaledConfigured)('request budget in scaled mode: one per user over the instances', () => {
  const fresh = freshDatabase('budget');
  let a: HestiaServer;
  let b: HestiaServer;

  beforeAll(async () => {
    const env = { ...scaledEnv(fresh.url()), ...SMALL };
    [a, b] = await Promise.all([createServer(loadConfig(env)), createServer(loadConfig(env))]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a user alternating between two instances gets about the burst in all, then 429 with Retry-After', async () => {
    const token = await tokenOf(a, 'alternate@example.com');
    const statuses: number[] = [];
    let refused: Response | undefined;
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      const res = await list(i % 2 === 0 ? a : b, token);
      statuses.push(res.status);
      if (res.status === 429 && !refused) refused = res;
      else await res.arrayBuffer();
    }
    const allowed = statuses.filter((s) => s === 200).length;
    const first = statuses.indexOf(429);
    console.log(`alternating A/B, burst 20: ${allowed} of 40 allowed, first 429 at request ${first + 1}`);
    // Each instance alone would allow 20 (40 in all). Shared: 20, a lease (1 at this burst) more on
    // the other instance at most, and what 2 a second earn meanwhile.
    const earned = Math.ceil(((performance.now() - started) / 1000) * 2);
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(21 + earned);
    expect(first).toBeGreaterThanOrEqual(20);
    expect(first).toBeLessThanOrEqual(21 + earned);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // Both instances refuse, each in the wrapper with a Retry-After.
    expect(statuses.slice(first).filter((s, i) => s === 429 && (first + i) % 2 === 0).length).toBeGreaterThan(
      0,
    );
    expect(statuses.slice(first).filter((s, i) => s === 429 && (first + i) % 2 === 1).length).toBeGreaterThan(
      0,
    );
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused?.json()).toEqual({
      data: null,
      isSuccess: false,
      message: 'Too many attempts. Please wait and try again.',
      statusCode: 429,
    });

    // Another user is untouched; after a wait the user earns requests again (2 a second).
    const other = await tokenOf(b, 'alternate-other@example.com');
    expect((await list(a, other)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await list(b, token)).status).toBe(200);
  });

  it('60 parallel requests over both instances get the burst and at most a lease per instance more', async () => {
    const token = await tokenOf(a, 'parallel@example.com');
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => list(i % 2 === 0 ? a : b, token)));
    const earned = Math.ceil(((performance.now() - started) / 1000) * 2);
    const allowed = answers.filter((r) => r.status === 200).length;
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    console.log(`60 parallel over A/B, burst 20: ${allowed} allowed`);
    // Lease 1 at a burst of 20: 20, +1 per instance at most, + what 2 a second earn meanwhile.
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(22 + earned);
  });
  it('measures a request over HTTP with the shared budget and with the local one, interleaved (printed)', async () => {
    const rule = { perSecond: 50, burst: 600 };
    const shared = sharedRequestBudget(TEST_REDIS_URL as string, rule, () => undefined);
    await waitFor(() => shared.shared);
    const local = new RequestBudget(rule);
    const token = await tokenOf(a, 'latency@example.com');
    const ms: Record<'shared' | 'local', number[]> = { shared: [], local: [] };
    try {
      for (let i = 0; i < 400; i++) {
        const which = i % 2 === 0 ? 'shared' : 'local';
        useRequestBudget(a.app, which === 'shared' ? shared : local);
        const t0 = performance.now();
        const res = await list(a, token);
        await res.arrayBuffer();
        ms[which].push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
    } finally {
      await shared.close();
    }
    console.log(
      `GET customer/devices on one scaled instance, 200 each: shared budget ${figures(ms.shared)}; local budget ${figures(ms.local)}`,
    );
  });
});

describe.runIf(scaledConfigured)('the shared budget itself, on Redis', () => {
  const budgets: SharedRequestBudget[] = [];
  const open = async (rule: { perSecond: number; burst: number }) => {
    const budget = sharedRequestBudget(TEST_REDIS_URL as string, rule, () => undefined);
    budgets.push(budget);
    await waitFor(() => budget.shared);
    return budget;
  };
  afterAll(async () => {
    await Promise.all(budgets.map((x) => x.close()));
  });

  it('2,000 parallel requests over three instances (burst 600, lease 24) stay within 600 + 3 leases', async () => {
    const rule = { perSecond: 1, burst: 600 };
    const three = await Promise.all([open(rule), open(rule), open(rule)]);
    const user = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 2000 }, (_, i) => (three[i % 3] as SharedRequestBudget).takeOrWait(user)),
    );
    const allowed = answers.filter((w) => w === 0).length;
    console.log(`2,000 parallel over 3 instances, burst 600, lease ${three[0]?.lease}: ${allowed} allowed`);
    expect(three[0]?.lease).toBe(24);
    expect(allowed).toBeGreaterThanOrEqual(600);
    expect(allowed).toBeLessThanOrEqual(600 + 3 * 24 + 2);
    expect(answers.filter((w) => w > 0).length).toBe(2000 - allowed);
  });

  it('measures what the shared budget adds to deciding a request (printed)', async () => {
    const rule = { perSecond: 50, burst: 600 };
    const shared = await open(rule);
    const local = new RequestBudget(rule);
    const time = async (take: (user: string) => number | Promise<number>, users: number) => {
      const ms: number[] = [];
      for (let i = 0; i < 3000; i++) {
        const t0 = performance.now();
        const w = take(`user-${i % users}`);
        if (typeof w !== 'number') await w;
        ms.push(performance.now() - t0);
        // Yield now and then, as a server does between requests, so reports come back.
        if (i % 10 === 9) await new Promise((r) => setImmediate(r));
      }
      return ms;
    };
    const prefix = randomUUID();
    const l = await time((u) => local.takeOrWait(`${prefix}-${u}`), 20);
    const s = await time((u) => shared.takeOrWait(`${prefix}-${u}`), 20);
    // The other design: one atomic Redis script per request, awaited (what each request would add).
    const client = new Redis(TEST_REDIS_URL as string);
    const r: number[] = [];
    try {
      for (let i = 0; i < 1000; i++) {
        const t0 = performance.now();
        await client.eval(SPEND_SCRIPT, 1, `hestia:request-budget:${prefix}-rt-${i % 20}`, 50, 600, 1);
        r.push(performance.now() - t0);
      }
    } finally {
      client.disconnect();
    }
    // A burst on one instance past its lease: those requests wait for the report in flight.
    const burstUser = `${prefix}-burst`;
    const w = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const t0 = performance.now();
        await shared.takeOrWait(burstUser);
        return performance.now() - t0;
      }),
    );
    console.log(
      `deciding one request, 3,000 over 20 users: local bucket ${figures(l)}; shared ${figures(s)}; ` +
        `a Redis round trip per request instead ${figures(r)}; 200 at once for one user (lease 24) ${figures(w)}`,
    );
    // Sequential requests never wait for Redis: the report is sent after the lease, in the background.
    expect(
      percentile(
        [...s].sort((x, y) => x - y),
        99,
      ),
    ).toBeLessThan(5);
  });
});

describe.runIf(scaledConfigured)('request budget with Redis away: each instance decides alone', () => {
  const fresh = freshDatabase('budgetdown');
  let redis: OwnRedis;
  let server: HestiaServer;

  beforeAll(async () => {
    redis = await startOwnRedis();
    server = await createServer(loadConfig({ ...scaledEnv(fresh.url()), ...SMALL, REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    await server?.close();
    await stopOwnServices();
  });

  it('keeps answering with Redis killed, its own bucket still limiting, and shares again once it is back', async () => {
    const token = await tokenOf(server, 'down@example.com');
    expect((await list(server, token)).status).toBe(200);
    await redis.kill();
    await waitFor(async () => (await fetch(`${server.url}/api/v1/health`)).status === 503, 5000);
    const t0 = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await list(server, token);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    const allowed = statuses.filter((s) => s === 200).length;
    console.log(
      `Redis down: ${allowed} of 30 allowed by the local bucket in ${(performance.now() - t0).toFixed(0)} ms`,
    );
    expect(allowed).toBeGreaterThanOrEqual(19);
    // 19 left of the local bucket's 20 (one request before the kill), and what 2 a second earn.
    expect(allowed).toBeLessThanOrEqual(19 + Math.ceil(((performance.now() - t0) / 1000) * 2));
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

    await redis.start();
    await waitFor(async () => (await fetch(`${server.url}/api/v1/health`)).status === 200, 15_000);
    // Back on Redis (empty after the restart): a new user's requests are counted there again.
    const again = await tokenOf(server, 'back@example.com');
    const key = `hestia:request-budget:${lastUserId}`;
    const client = new Redis(redis.url);
    try {
      // The budget's own connection comes back on its own (ioredis retries); until then this
      // instance decides alone and nothing reaches Redis.
      const end = Date.now() + 10_000;
      while ((await client.exists(key)) === 0 && Date.now() < end) {
        expect((await list(server, again)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await client.exists(key)).toBe(1);
      const before = Number(await client.hget(key, 'tokens'));
      for (let i = 0; i < 5; i++) expect((await list(server, again)).status).toBe(200);
      await waitFor(async () => Number(await client.hget(key, 'tokens')) <= before - 4.5, 2000);
    } finally {
      client.disconnect();
    }
  });
});
