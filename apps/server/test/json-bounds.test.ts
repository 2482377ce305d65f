import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type Stack, startStack } from './stack.ts';

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => stack?.stop());

/** JSON text nested `depth` objects deep. */
const deepText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function send(method: string, path: string, body?: string) {
  const started = Date.now();
  const res = await fetch(`${stack.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

describe('free-form JSON in requests', () => {
  it('refuses a 10,000-deep command params quickly with a 400, and the scenarios still list', async () => {
    for (const depth of [10_000, 2000]) {
      const body = `{"name":"Deep","commands":[{"deviceId":"${stack.ids.switch}","deviceParameterId":"relay_1","value":1,"params":${deepText(depth)}}]}`;
      const saved = await send('POST', '/scenarios', body);
      expect(saved.status).toBe(400);
      expect(saved.body).toMatchObject({
        data: null,
        isSuccess: false,
        statusCode: 400,
        message: expect.stringMatching(/^commands\.0\.params: Nested too deep/),
      });
      expect(saved.ms).toBeLessThan(2000);
    }
    const list = await send('GET', '/scenarios');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(list.ms).toBeLessThan(2000);
  });

  it('bounds condition metadata (also as JSON text) and schedule action params, by depth and by size', async () => {
    const condition = (metadata: string) =>
      `{"name":"Meta","conditions":[{"conditionType":2,"metadata":${metadata}}],"commands":[{"deviceId":"${stack.ids.switch}","deviceParameterId":"relay_1","value":1}]}`;
    const deep = await send('POST', '/automations', condition(deepText(10_000)));
    expect(deep).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^conditions\.0\.metadata: Nested/) },
    });
    const asText = await send('POST', '/automations', condition(JSON.stringify(deepText(50))));
    expect(asText.status).toBe(400);
    const big = await send('POST', '/automations', condition(JSON.stringify({ note: 'x'.repeat(17_000) })));
    expect(big).toMatchObject({ status: 400, body: { message: expect.stringMatching(/at most 16 KiB/) } });
    const schedule = await send(
      'POST',
      `/devices/${stack.ids.switch}/schedules`,
      JSON.stringify({
        name: 'Deep',
        repeatType: 1,
        startDateTime: Date.now(),
        time: '08:00',
        deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1, params: JSON.parse(deepText(20)) }],
      }),
    );
    expect(schedule).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/params: Nested/) },
    });
    // Ordinary metadata is kept as it was sent.
    const timer = { timerInterval: 5, repeatType: 5, startDateTime: Date.now(), time: '00:00' };
    const ok = await send('POST', '/automations', condition(JSON.stringify({ schedule: timer })));
    expect(ok.status).toBe(200);
    expect(ok.body.data.conditions[0].metadata).toEqual({ schedule: timer });
    expect((await send('GET', '/automations')).status).toBe(200);
  });
});
