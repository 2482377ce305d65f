import type { VoiceCommand, VoiceDatasetManifest, VoiceUpload } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './stack.ts';
import {
  call,
  samplesOf,
  speak,
  untarGz,
  uploadForm,
  type VoiceUser,
  voicePeople,
  wav,
} from './voice-kit.ts';

/**
 * The voice service's refusals (decision 047): who may reach which command, recording and device
 * (owner, sharee, stranger; no token), filenames that are not the service's own, uploads that are
 * not a usable WAV, and the data set and deletions.
 */
let stack: Stack;
type Who = VoiceUser;
let who: Record<'owner' | 'sharee' | 'stranger', Who>;
let take: Buffer;
let command: VoiceCommand;
let automationId: string;

const v = <T = unknown>(w: Who | null, method: string, path: string, opts: Parameters<typeof call>[4] = {}) =>
  call<T>(stack.server.url, w?.token ?? null, method, path, opts);
const sample = (w: Who, file: Buffer) =>
  v<VoiceUpload>(w, 'POST', 'uploadfile', { form: uploadForm(file, w.id, 'sample') });

beforeAll(async () => {
  stack = await startStack();
  who = await voicePeople(stack, 'va');
  take = await speak('en-us', 'plug on', 150, 50);
  automationId = (
    await who.owner.client.call('saveAutomation', {
      body: {
        name: 'Plug on',
        conditions: [{ conditionType: 0 }],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    })
  ).id;
  const files = [(await sample(who.owner, take)).body.data.filename];
  command = (
    await v<VoiceCommand>(who.owner, 'POST', 'subToData', {
      json: {
        name: 'Plug on',
        target: { type: 'device', deviceId: stack.ids.plug, values: { relay_1: 1 } },
        filenames: files,
      },
    })
  ).body.data;
}, 120_000);
afterAll(() => stack?.stop());

describe('voice access', () => {
  it('refuses calls without a token, in the wrapper', async () => {
    for (const [m, p] of [
      ['GET', 'getAllCustomCommands'],
      ['DELETE', 'deleteCache'],
      ['POST', 'uploadfile'],
    ] as const)
      expect(await v(null, m, p)).toMatchObject({
        status: 400,
        body: { isSuccess: false, message: 'token must exists' },
      });
    expect((await v(null, 'GET', 'files/vr-dataset', { api: true })).status).toBe(400);
    expect(await v(who.owner, 'GET', 'no-such-route')).toMatchObject({
      status: 404,
      body: { statusCode: 404 },
    });
  });

  it("keeps each user's commands and recordings to themselves", async () => {
    const file = command.samples[0]?.filename as string;
    expect((await v(who.owner, 'GET', 'getAudioFile', { query: { filename: file } })).status).toBe(200);
    for (const w of [who.sharee, who.stranger]) {
      expect((await v(w, 'GET', 'stream', { query: { filename: file } })).status).toBe(404);
      expect((await v(w, 'GET', 'getAudioFile', { query: { filename: file } })).status).toBe(404);
      expect((await v(w, 'GET', 'getAllCustomCommands')).body.data).toEqual([]);
      expect((await v(w, 'GET', 'getAutomationId', { query: { sequence: 'plug on' } })).status).toBe(404);
      // Another user's recording cannot be given to one's own command.
      const r = await v(w, 'POST', 'subToData', {
        json: {
          name: 'Mine',
          target: { type: 'device', deviceId: stack.ids.plug, values: { relay_1: 1 } },
          filenames: [file],
        },
      });
      expect(r.status).toBe(404);
    }
    // The sharee sees the shared plug's list, without the owner's commands; the stranger gets 404.
    expect(
      await v(who.sharee, 'GET', 'deviceVoiceList', { query: { device_id: stack.ids.plug } }),
    ).toMatchObject({
      status: 200,
      body: { data: [] },
    });
    expect(
      (await v(who.owner, 'GET', 'deviceVoiceList', { query: { device_id: stack.ids.plug } })).body.data,
    ).toEqual([command]);
    expect(
      (await v(who.stranger, 'GET', 'deviceVoiceList', { query: { device_id: stack.ids.plug } })).status,
    ).toBe(404);
    expect(
      (await v(who.stranger, 'DELETE', 'deleteData', { json: { device_id: stack.ids.plug } })).status,
    ).toBe(404);
    // A stranger's command may not target the owner's device or automation.
    const own = (await sample(who.stranger, take)).body.data.filename;
    for (const target of [
      { type: 'device', deviceId: stack.ids.plug, values: { relay_1: 1 } },
      { type: 'automation', automationId },
    ]) {
      const r = await v(who.stranger, 'POST', 'subToData', {
        json: { name: 'Steal', target, filenames: [own] },
      });
      expect(r).toMatchObject({ status: 404, body: { isSuccess: false } });
    }
    // The sharee may make a command for the plug shared with them.
    const mine = (await sample(who.sharee, take)).body.data.filename;
    const r = await v<VoiceCommand>(who.sharee, 'POST', 'subToData', {
      json: {
        name: 'Plug on',
        target: { type: 'device', deviceId: stack.ids.plug, values: { relay_1: 1 } },
        filenames: [mine],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.id).not.toBe(command.id);
  });

  it("takes only the caller's own user_id and the service's own file names", async () => {
    const r = await v(who.stranger, 'POST', 'uploadfile', { form: uploadForm(take, who.owner.id) });
    expect(r).toMatchObject({
      status: 403,
      body: { isSuccess: false, message: 'user_id must be your own user id.' },
    });
    for (const filename of ['../../etc/passwd', `${command.id}.mp3`, 'a.wav', '%2e%2e%2fx.wav']) {
      const bad = await v(who.owner, 'GET', 'stream', { query: { filename } });
      expect(bad.status, filename).toBe(400);
      expect(bad.body.message).toMatch(/filename/);
    }
  });
});

describe('voice uploads', () => {
  const refused = async (form: FormData, status: number, message: RegExp) => {
    const r = await v(who.owner, 'POST', 'uploadfile', { form });
    expect(r.status, r.body.message).toBe(status);
    expect(r.body).toMatchObject({ isSuccess: false, statusCode: status });
    expect(r.body.message).toMatch(message);
  };

  it('refuses what is not a usable WAV with a 400 that says why', async () => {
    const { samples } = samplesOf(take);
    await refused(uploadForm(Buffer.from('%PDF-1.4 not audio'), who.owner.id), 400, /not a WAV/);
    await refused(uploadForm(Buffer.alloc(0), who.owner.id), 400, /empty/);
    await refused(uploadForm(null, who.owner.id), 400, /file/);
    await refused(uploadForm(take, null), 400, /user_id/);
    await refused(uploadForm(wav(22_050, [samples], 8), who.owner.id), 400, /16-bit PCM/);
    await refused(uploadForm(wav(96_000, [samples]), who.owner.id), 400, /96000 Hz/);
    await refused(uploadForm(wav(16_000, [new Int16Array(16_000)]), who.owner.id), 400, /no sound/);
    await refused(
      uploadForm(wav(16_000, [new Int16Array(10 * 16_000).fill(1000)]), who.owner.id),
      400,
      /longer than 8/,
    );
    await refused(uploadForm(take.subarray(0, 44), who.owner.id), 400, /no audio/);
    const json = await v(who.owner, 'POST', 'uploadfile', { json: { file: 'x', user_id: who.owner.id } });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/multipart/);
    const raw = await fetch(`${stack.server.url}/voice/uploadfile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.owner.token}`, 'content-type': 'audio/wav' },
      body: new Uint8Array(take),
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { message: string }).message).toMatch(/multipart/);
    const text = await v(who.owner, 'POST', 'subToData', {
      form: uploadForm(Buffer.from('x'), who.owner.id),
    });
    expect(text).toMatchObject({
      status: 415,
      body: { message: 'Send JSON (Content-Type: application/json).' },
    });
  });

  it('stops reading past 2 MB with a 413', async () => {
    await refused(uploadForm(Buffer.alloc(2 * 1024 * 1024 + 20_000), who.owner.id), 413, /too large/);
  });
});

describe('voice data', () => {
  it('plays a recording with Range requests', async () => {
    const filename = command.samples[0]?.filename as string;
    const whole = await v(who.owner, 'GET', 'stream', { query: { filename } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.bytes?.toString('ascii', 0, 4)).toBe('RIFF');
    const part = await v(who.owner, 'GET', 'stream', { query: { filename }, range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${whole.bytes?.length}`);
    expect(part.bytes?.equals(whole.bytes?.subarray(4, 12) as Buffer)).toBe(true);
    const outside = await v(who.owner, 'GET', 'stream', { query: { filename }, range: 'bytes=99999999-' });
    expect(outside.status).toBe(416);
  });

  it("packs the caller's commands and sample features as the data set", async () => {
    const r = await v(who.owner, 'GET', 'files/vr-dataset', { api: true });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/gzip');
    expect(Number(r.headers.get('content-length'))).toBe(r.bytes?.length);
    const files = untarGz(r.bytes as Buffer);
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as VoiceDatasetManifest;
    expect(manifest.commands).toEqual((await v(who.owner, 'GET', 'getAllCustomCommands')).body.data);
    expect(manifest.features).toMatchObject({ sampleRate: 16_000, coefficients: 12 });
    const id = command.samples[0]?.filename.replace('.wav', '');
    const features = files.get(`features/${id}.f32`);
    expect(features && features.length > 0 && features.length % (12 * 4) === 0).toBe(true);
    const strangers = untarGz(
      (await v(who.stranger, 'GET', 'files/vr-dataset', { api: true })).bytes as Buffer,
    );
    expect(JSON.parse(strangers.get('manifest.json')?.toString() ?? '{}').commands).toEqual([]);
  });

  it("deletes the cache and a device's commands, only the caller's", async () => {
    const cached = (await sample(who.owner, take)).body.data.filename;
    expect((await v(who.owner, 'GET', 'stream', { query: { filename: cached } })).status).toBe(200);
    const cleared = await v<{ deleted: number }>(who.owner, 'DELETE', 'deleteCache');
    expect(cleared.body.data.deleted).toBeGreaterThanOrEqual(1);
    expect((await v(who.owner, 'GET', 'stream', { query: { filename: cached } })).status).toBe(404);
    // A command's samples are not the cache.
    expect(
      (await v(who.owner, 'GET', 'stream', { query: { filename: command.samples[0]?.filename ?? '' } }))
        .status,
    ).toBe(200);

    const gone = await v<{ deleted: number }>(who.owner, 'DELETE', 'deleteData', {
      json: { device_id: stack.ids.plug },
    });
    expect(gone).toMatchObject({ status: 200, body: { data: { deleted: 1 } } });
    expect(
      (await v(who.owner, 'GET', 'deviceVoiceList', { query: { device_id: stack.ids.plug } })).body.data,
    ).toEqual([]);
    expect(
      (await v(who.owner, 'GET', 'stream', { query: { filename: command.samples[0]?.filename ?? '' } }))
        .status,
    ).toBe(404);
    // The sharee's own command for the plug stays.
    expect(
      (
        await v<VoiceCommand[]>(who.sharee, 'GET', 'deviceVoiceList', {
          query: { device_id: stack.ids.plug },
        })
      ).body.data,
    ).toHaveLength(1);
  });

  it("deletes one command by its id, only the caller's own", async () => {
    const [theirs] = (
      await v<VoiceCommand[]>(who.sharee, 'GET', 'deviceVoiceList', { query: { device_id: stack.ids.plug } })
    ).body.data;
    const del = (client: typeof who.owner, commandId: unknown) =>
      v<{ deleted: number }>(client, 'DELETE', 'deleteCommand', { json: { command_id: commandId } });
    expect((await del(who.owner, theirs?.id)).status).toBe(404);
    expect((await del(who.stranger, theirs?.id)).status).toBe(404);
    expect((await del(who.sharee, 'not-a-uuid')).status).toBe(400);
    expect(await del(who.sharee, theirs?.id)).toMatchObject({ status: 200, body: { data: { deleted: 1 } } });
    expect((await del(who.sharee, theirs?.id)).status).toBe(404);
    expect(
      (await v<VoiceCommand[]>(who.sharee, 'GET', 'getAllCustomCommands')).body.data.map((c) => c.id),
    ).not.toContain(theirs?.id);
  });
});

describe('voice hostile input', () => {
  const hostile: unknown[] = [
    'x'.repeat(70_000),
    'a\u0000b',
    '\ud800',
    '\u202e.wav',
    "'; drop table voice_commands; --",
    '../'.repeat(30),
    1e308,
    -1,
    true,
    null,
    [],
    { __proto__: { polluted: 1 } },
    { constructor: { prototype: { polluted: 1 } } },
  ];

  it('answers every hostile query, body and form below 500, in the wrapper', async () => {
    const answers: Array<{ status: number; body: { statusCode: number; message: string } | undefined }> = [];
    for (const value of hostile) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      for (const [path, key] of [
        ['deviceVoiceList', 'device_id'],
        ['getAutomationId', 'sequence'],
        ['stream', 'filename'],
        ['getAudioFile', 'filename'],
      ] as const)
        answers.push(await v(who.owner, 'GET', path, { query: { [key]: text.slice(0, 4000) } }));
      answers.push(await v(who.owner, 'DELETE', 'deleteData', { json: { device_id: value } }));
      answers.push(
        await v(who.owner, 'POST', 'subToData', { json: { name: value, target: value, filenames: value } }),
      );
      answers.push(
        await v(who.owner, 'POST', 'subToData', {
          json: {
            name: text.slice(0, 80),
            target: { type: 'device', deviceId: stack.ids.plug, values: { [text.slice(0, 60)]: value } },
            filenames: [`${command.id}.wav`],
          },
        }),
      );
      const form = new FormData();
      form.set('user_id', text);
      form.set('mode', text);
      form.set('file', new Blob([new TextEncoder().encode(text)]), text.slice(0, 200));
      answers.push(await v(who.owner, 'POST', 'uploadfile', { form }));
    }
    // Broken multipart bodies: no boundary, an unclosed part, a header without its end.
    for (const [type, body] of [
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nRIFF'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"'],
      ['multipart/form-data; boundary=x', 'no delimiter at all'],
    ]) {
      const res = await fetch(`${stack.server.url}/voice/uploadfile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.owner.token}`, 'content-type': type as string },
        body: body as string,
      });
      answers.push({
        status: res.status,
        body: (await res.json()) as { statusCode: number; message: string },
      });
    }
    for (const a of answers) {
      expect(a.status).toBeLessThan(500);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.body?.statusCode).toBe(a.status);
      expect(a.body?.message.length).toBeGreaterThan(0);
    }
    // Nothing hostile made a command (the owner's only one went with deleteData above).
    expect((await v(who.owner, 'GET', 'getAllCustomCommands')).body.data).toEqual([]);
  });
});
