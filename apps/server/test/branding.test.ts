import { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './stack.ts';

/**
 * White-label flavours (spec section 7: a company header sent by one flavour; docs/decisions/042):
 * the server picks the company's name, colours and support contact by the header.
 */

let stack: Stack;
const LISTED = 'https://aurora-app.example';

async function branding(company?: string) {
  const res = await fetch(`${stack.server.url}/api/v1/branding`, {
    headers: company === undefined ? {} : { 'x-company': company },
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  stack = await startStack({ CORS_ORIGINS: LISTED });
});
afterAll(() => stack?.stop());

describe('GET branding', () => {
  it('answers the default company without a header, anonymously', async () => {
    const res = await branding();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isSuccess: true,
      data: {
        company: 'hestia',
        name: 'Hestia',
        colours: { accent: '#1fbcd2' },
        support: { email: 'support@hestia.local' },
      },
    });
  });

  it("answers the demo flavour's company for its header, case and spaces aside", async () => {
    for (const header of ['aurora', ' AURORA ']) {
      const res = await branding(header);
      expect([header, res.body.data]).toEqual([
        header,
        {
          company: 'aurora',
          name: 'Aurora Living',
          colours: { accent: '#e0862d', accentText: '#8a4a0c', onAccent: '#2b1604' },
          support: {
            email: 'help@aurora-living.example',
            phone: '+44 20 7946 0958',
            url: 'https://aurora-living.example/support',
          },
        },
      ]);
    }
  });

  it('answers the default company for a company it does not know', async () => {
    for (const header of ['', 'acme', 'aurora-x', 'x'.repeat(300)])
      expect([header.slice(0, 10), (await branding(header)).body.data.company]).toEqual([
        header.slice(0, 10),
        'hestia',
      ]);
  });

  it("the client sends a flavour's company on every call, and a browser on a listed origin may send it", async () => {
    const flavoured = new HestiaClient({ baseUrl: stack.server.url, company: () => 'aurora' });
    expect((await flavoured.call('branding', {})).name).toBe('Aurora Living');
    const plain = new HestiaClient({ baseUrl: stack.server.url });
    expect((await plain.call('branding', {})).name).toBe('Hestia');
    const preflight = await fetch(`${stack.server.url}/api/v1/branding`, {
      method: 'OPTIONS',
      headers: {
        origin: LISTED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-company',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-company/);
  });
});
