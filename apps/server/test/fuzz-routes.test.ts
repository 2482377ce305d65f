import { type RouteDef, routes, VOICE_PREFIX, voiceRoutes } from '@hestia/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AssetRepository } from '../src/modules/asset/asset.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { fuzzValue, hostileJsonTexts, hostileStrings, type JsonSchema } from './fuzz-kit.ts';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 22: every route of the contract, fuzzed. For each route, RUNS generated inputs (path
 * parameters, query and body from its zod schemas, mostly well shaped, with hostile values mixed in)
 * are each sent as an anonymous caller, a stranger and an owner of real objects; then hostile JSON
 * texts. No answer may be a 5xx, every answer is the wrapper, every refusal says why in words, and
 * the server answers a plain call after all of it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const PASSWORD = 'Fuzz-Pass-2024';

let stack: Stack;
const who = { anonymous: '', stranger: '', owner: '' };
let ownerEmail = '';
/** Ids of the owner's real objects, used in path parameters now and then. */
const real: string[] = [];

async function login(email: string): Promise<string> {
  const res = await stack.server.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: email, password: PASSWORD },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  stack = await startStack();
  const db = stack.server.database.db;
  const stamp = Date.now().toString(36);
  const stranger = `fuzz-stranger-${stamp}@example.com`;
  ownerEmail = `fuzz-owner-${stamp}@example.com`;
  await addUser(stack.server, stranger, PASSWORD);
  const owner = await addUser(stack.server, ownerEmail, PASSWORD);
  const place = await new AssetRepository(db).create({ ownerId: owner.id, name: 'Fuzz home', type: 'place' });
  const device = await new DeviceRepository(db).create({
    ownerId: owner.id,
    name: 'Fuzz plug',
    label: 'Fuzz plug',
    profileId: 'plug-metering',
    accessToken: newAccessToken(),
  });
  real.push(device.id, place.id);
  who.stranger = await login(stranger);
  who.owner = await login(ownerEmail);
}, 120_000);
afterAll(() => stack?.stop());

const jsonSchema = (s: unknown): JsonSchema | undefined =>
  s ? (z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** A path parameter: a real id, a generated one, or a hostile string. */
const paramValue = (schema: JsonSchema | undefined) =>
  fc.oneof(
    fc.constantFrom(...real),
    fuzzValue(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    fc.constantFrom(...hostileStrings.filter((s) => s.length < 5000)),
  );

/** Percent-encoded, a lone surrogate as the bytes a careless client sends (invalid UTF-8). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.toWellFormed())}%ED%A0%80`;
  }
}

function urlOf(prefix: string, path: string, params: Record<string, string>, query: unknown): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodePart(params[name] || 'x'));
  const search = new URLSearchParams();
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
      for (const one of Array.isArray(v) ? v : [v])
        search.append(k, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
    }
  }
  const q = search.toString();
  return `${prefix}${filled}${q ? `?${q}` : ''}`;
}

interface Sent {
  route: string;
  as: keyof typeof who;
  url: string;
  status: number;
  body: string;
}

/** Every way an answer may be wrong: a 5xx, no wrapper, a refusal without words, a stack trace. */
function wrong(a: Sent): string | null {
  if (a.status >= 500) return `${a.status}`;
  let parsed: { data?: unknown; isSuccess?: unknown; message?: unknown; statusCode?: unknown };
  try {
    parsed = JSON.parse(a.body);
  } catch {
    // A few routes answer files (CSV, images); they are judged by their status alone.
    return a.status >= 400 ? 'a refusal that is not JSON' : null;
  }
  if (parsed === null || typeof parsed !== 'object' || !('isSuccess' in parsed)) {
    return a.status >= 400 ? 'a refusal outside the wrapper' : null;
  }
  if (parsed.statusCode !== a.status) return `statusCode ${String(parsed.statusCode)} ≠ ${a.status}`;
  if (a.status >= 400) {
    if (parsed.isSuccess !== false) return 'a refusal with isSuccess true';
    if (typeof parsed.message !== 'string' || parsed.message.trim().length < 3)
      return 'a refusal without words';
  }
  if (/\n\s+at .+:\d+:\d+/.test(a.body)) return 'a stack trace';
  return null;
}

async function send(route: string, as: keyof typeof who, def: RouteDef, url: string, payload?: string) {
  const res = await stack.server.app.inject({
    method: def.method,
    url,
    headers: {
      ...(who[as] ? { authorization: `Bearer ${who[as]}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { route, as, url: url.slice(0, 200), status: res.statusCode, body: res.body } satisfies Sent;
}

/** Logs the owner in again when a fuzzed call ended its session (logout, a terminated session). */
async function keepOwnerSignedIn() {
  const res = await stack.server.app.inject({
    method: 'GET',
    url: '/api/v1/users/profile',
    headers: { authorization: `Bearer ${who.owner}` },
  });
  if (res.statusCode === 401) who.owner = await login(ownerEmail);
}

/** Every route of the contract: the /api/v1 ones and the voice service's under its own base. */
const all: Array<[string, RouteDef, string]> = [
  ...Object.entries(routes).map(([n, d]) => [n, d as RouteDef, '/api/v1'] as [string, RouteDef, string]),
  ...Object.entries(voiceRoutes).map(
    ([n, d]) => [n, d as RouteDef, VOICE_PREFIX] as [string, RouteDef, string],
  ),
];
const names = all.map(([n]) => n);

describe('fuzzing every route (issue 22)', () => {
  it(`sends ${RUNS} generated inputs to each of the ${names.length} routes as anonymous, stranger and owner: no 5xx, always the wrapper`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [name, def, prefix] of all) {
      const params = jsonSchema(def.params);
      const paramArb = fc.record(
        Object.fromEntries(
          [...def.path.matchAll(/:(\w+)/g)].map(([, p]) => [
            p,
            paramValue(params?.properties?.[p as string]),
          ]),
        ) as Record<string, fc.Arbitrary<string>>,
      );
      const input = fc.tuple(paramArb, fuzzValue(jsonSchema(def.query)), fuzzValue(jsonSchema(def.body)));
      const samples = fc.sample(input, { numRuns: RUNS, seed: 22 + names.indexOf(name) });
      // Ten inputs at a time, each as the three callers at once.
      for (let i = 0; i < samples.length; i += 10) {
        const batch = samples.slice(i, i + 10).flatMap(([p, query, body]) => {
          const url = urlOf(prefix, def.path, p, query);
          const payload = def.body || body !== undefined ? JSON.stringify(body ?? null) : undefined;
          return (['anonymous', 'stranger', 'owner'] as const).map((as) => send(name, as, def, url, payload));
        });
        for (const a of await Promise.all(batch)) {
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          const why = wrong(a);
          if (why && failures.length < 20)
            failures.push(`${a.route} as ${a.as} ${a.url}: ${why} — ${a.body.slice(0, 300)}`);
        }
      }
      if (def.body) {
        const url = urlOf(
          prefix,
          def.path,
          Object.fromEntries(real.map((id, i) => [String(i), id])),
          undefined,
        );
        for (const text of hostileJsonTexts) {
          const a = await send(name, 'owner', def, url, text);
          const why = wrong(a);
          if (why && failures.length < 20)
            failures.push(`${name} raw ${text.slice(0, 30)}: ${why} — ${a.body.slice(0, 300)}`);
        }
      }
      await keepOwnerSignedIn();
    }
    console.log(
      `fuzz: ${names.length} routes × ${RUNS} inputs × 3 callers; answers by status: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    expect(failures).toEqual([]);
    // The server still answers after all of it.
    const health = await stack.server.app.inject({ method: 'GET', url: '/api/v1/time' });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});
