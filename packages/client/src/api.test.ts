import { describe, expect, it } from 'vitest';
import { HestiaClient } from './api.ts';

/** A fetch that answers every call with the API's success wrapper and keeps what it was asked. */
function recordingFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ isSuccess: true, statusCode: 200, message: '', data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('HestiaClient call options', () => {
  it('sends a keepalive request when asked, so a call made as the page closes is not cancelled', async () => {
    const { calls, fetch } = recordingFetch();
    const client = new HestiaClient({ fetch, getToken: () => 'token' });
    await client.call('sessionOffline', {}, { keepalive: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    expect(calls[0]?.url).toContain('/sessions/offline');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer token',
    );
  });

  it('leaves keepalive off otherwise', async () => {
    const { calls, fetch } = recordingFetch();
    await new HestiaClient({ fetch }).call('sessionOnline', {});
    expect(calls[0]?.init.keepalive).toBeUndefined();
  });
});
