import { describe, expect, it } from 'vitest';
import { fetchWithTimeout, HestiaClient, unwrapResponse } from './api.ts';
import { ApiError } from './errors.ts';
import { VoiceClient } from './voice.ts';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, statusCode: 200, message: '', data }), {
    headers: { 'content-type': 'application/json' },
  });
const refused = (status: number, message: string) =>
  new Response(JSON.stringify({ isSuccess: false, statusCode: status, message, data: null }), { status });

describe('VoiceClient', () => {
  it('uploads the WAV as multipart with user_id and mode to the voice base, with the Bearer token', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return ok({ filename: 'x.wav', durationMs: 900, match: null });
    }) as unknown as typeof globalThis.fetch;
    const client = new VoiceClient({ voiceUrl: 'https://hub.example/voice', token: () => 't1', fetch });
    const wav = new Blob([new Uint8Array(44)], { type: 'audio/wav' });
    expect(await client.upload(wav, 'u-1', 'sample')).toEqual({
      filename: 'x.wav',
      durationMs: 900,
      match: null,
    });
    const { url, init } = calls[0] as { url: string; init: RequestInit };
    expect(url).toBe('https://hub.example/voice/uploadfile');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('user_id')).toBe('u-1');
    expect(form.get('mode')).toBe('sample');
    expect((form.get('file') as File).size).toBe(44);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer t1');
    // The browser sets the multipart boundary itself.
    expect(headers['Content-Type']).toBeUndefined();
    await client.automationId('lights 2');
    expect(calls[1]?.url).toBe('https://hub.example/voice/getAutomationId?sequence=lights+2');
    await client.deleteData('d-1');
    expect(calls[2]?.init.body).toBe('{"device_id":"d-1"}');
    const deleteHeaders = calls[2]?.init.headers as Record<string, string> | undefined;
    expect(deleteHeaders?.['Content-Type']).toBe('application/json');
  });

  it('refreshes once on an expired session and sends again, rebuilding the body', async () => {
    let token = 'old';
    const sent: string[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? '';
      sent.push(`${auth}:${(init.body as FormData).get('user_id')}`);
      return auth === 'Bearer old'
        ? refused(401, 'The session has expired. Please log in again.')
        : ok({ filename: 'a.wav', durationMs: 1, match: null });
    }) as unknown as typeof globalThis.fetch;
    const client = new VoiceClient({
      voiceUrl: '/voice',
      token: () => token,
      fetch,
      session: {
        refreshIfDue: async () => undefined,
        refreshRejected: async () => {
          token = 'new';
          return true;
        },
      },
    });
    await client.upload(new Blob([]), 'u-2');
    expect(sent).toEqual(['Bearer old:u-2', 'Bearer new:u-2']);
  });

  it('fails with the wrapper message and status (the spec messages pass through)', async () => {
    const fetch = (async () =>
      refused(404, 'No sequence was found in the speech.')) as unknown as typeof globalThis.fetch;
    const client = new VoiceClient({ voiceUrl: '/voice', token: () => 't', fetch });
    const err = await client.upload(new Blob([]), 'u').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'No sequence was found in the speech.', statusCode: 404 });
  });

  it('reads the data set with its progress against the announced length', async () => {
    const bytes = new Uint8Array(3000).fill(7);
    const fetch = (async (url: string) => {
      expect(url).toBe('http://api.example/api/v1/files/vr-dataset');
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(bytes.subarray(0, 1000));
          c.enqueue(bytes.subarray(1000));
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-length': '3000' } });
    }) as unknown as typeof globalThis.fetch;
    const client = new VoiceClient({
      voiceUrl: '/voice',
      apiUrl: 'http://api.example',
      token: () => 't',
      fetch,
    });
    const seen: Array<[number, number | null]> = [];
    const got = await client.dataset((r, t) => seen.push([r, t]));
    expect(got).toEqual(bytes);
    expect(seen).toEqual([
      [0, 3000],
      [1000, 3000],
      [3000, 3000],
    ]);
  });
});

describe('the REST and voice clients share one fetch-with-timeout and one unwrap (api.ts)', () => {
  const hanging = (async (_url: string, init: RequestInit) =>
    new Promise((_, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    )) as unknown as typeof globalThis.fetch;
  const down = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof globalThis.fetch;
  const notWrapper = (async () =>
    new Response('<html>no</html>', { status: 404 })) as unknown as typeof globalThis.fetch;

  it('fails every way as the same ApiError in both clients', async () => {
    const failures = async (fetch: typeof globalThis.fetch) => {
      const rest = new HestiaClient({
        baseUrl: 'https://hub.example',
        getToken: () => 't',
        timeoutMs: 20,
        fetch,
      });
      const voice = new VoiceClient({
        voiceUrl: 'https://hub.example/voice',
        token: () => 't',
        timeoutMs: 20,
        fetch,
      });
      const seen = await Promise.allSettled([rest.call('profile', {}), voice.allCustomCommands()]);
      return seen.map((s) => {
        const err = (s as PromiseRejectedResult).reason as ApiError;
        return [err.constructor.name, err.message, err.statusCode];
      });
    };
    expect(await failures(hanging)).toEqual([
      ['ApiError', 'timeout', 400],
      ['ApiError', 'timeout', 400],
    ]);
    expect(await failures(down)).toEqual([
      ['ApiError', 'network error', 400],
      ['ApiError', 'network error', 400],
    ]);
    expect(await failures(notWrapper)).toEqual([
      ['ApiError', 'Request not found', 404],
      ['ApiError', 'Request not found', 404],
    ]);
  });

  it('exports the helpers themselves', async () => {
    await expect(fetchWithTimeout(hanging, 'https://x', {}, 10)).rejects.toMatchObject({
      message: 'timeout',
      statusCode: 400,
    });
    await expect(unwrapResponse(ok({ a: 1 }))).resolves.toEqual({ a: 1 });
    await expect(unwrapResponse(refused(403, 'no'))).rejects.toMatchObject({
      message: 'no',
      statusCode: 403,
    });
  });
});
