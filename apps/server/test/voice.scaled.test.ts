import { HestiaClient } from '@hestia/client';
import type { VoiceCommand, VoiceDatasetManifest, VoiceSequenceTarget, VoiceUpload } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { freshDatabase, scaledConfigured, scaledEnv } from './scaled-kit.ts';
import { addUser } from './stack.ts';
import { call, speak, untarGz, uploadForm } from './voice-kit.ts';

/**
 * The voice service on the scaled stack's PostgreSQL (node-postgres, not PGlite): migration 0021,
 * recordings as bytea, the command upsert on (user, sequence), the cache trim and the cascades.
 * The suite's skip-or-fail line is in scaled.scaled.test.ts.
 */
describe.runIf(scaledConfigured)('scaled mode: the voice service on PostgreSQL', () => {
  const fresh = freshDatabase('voice');
  let server: HestiaServer;
  let token: string;
  let userId: string;
  let lamp: string;
  const v = <T = unknown>(method: string, path: string, opts: Parameters<typeof call>[4] = {}) =>
    call<T>(server.url, token, method, path, opts);
  const sample = async (file: Buffer) =>
    (await v<VoiceUpload>('POST', 'uploadfile', { form: uploadForm(file, userId, 'sample') })).body.data
      .filename;

  beforeAll(async () => {
    server = await createServer(loadConfig(scaledEnv(fresh.url())));
    const user = await addUser(server, 'voice-scaled@example.com', 'VoicePass1');
    userId = user.id;
    token = (await new HestiaClient({ baseUrl: server.url }).login('voice-scaled@example.com', 'VoicePass1'))
      .token;
    lamp = (
      await new DeviceRepository(server.database.db).create({
        ownerId: user.id,
        name: 'Voice lamp',
        label: 'Voice lamp',
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps samples, recognises, packs the data set and deletes on PostgreSQL', async () => {
    const on = { t1: await speak('en-us', 'lamp on', 150, 50), t2: await speak('en-us', 'lamp on', 135, 40) };
    const off = await speak('en-us', 'lamp off please', 150, 50);
    const target = (value: number) => ({ type: 'device', deviceId: lamp, values: { relay_1: value } });
    const first = await v<VoiceCommand>('POST', 'subToData', {
      json: { name: 'Lamp on', target: target(1), filenames: [await sample(on.t1)] },
    });
    expect(first.status, first.body.message).toBe(200);
    // The same phrase again: the sample is added to the same command (the upsert on user and sequence).
    const again = await v<VoiceCommand>('POST', 'subToData', {
      json: { name: 'lamp ON', target: target(1), filenames: [await sample(on.t2)] },
    });
    expect(again.body.data).toMatchObject({ id: first.body.data.id, name: 'lamp ON', samples: [{}, {}] });
    await v('POST', 'subToData', {
      json: { name: 'Lamp off please', target: target(0), filenames: [await sample(off)] },
    });

    const heard = await v<VoiceUpload>('POST', 'uploadfile', {
      form: uploadForm(await speak('en-us', 'lamp on', 175, 62), userId),
    });
    expect(heard.body.data.match).toMatchObject({ sequence: 'lamp on', type: 'device' });
    const what = await v<VoiceSequenceTarget>('GET', 'getAutomationId', { query: { sequence: 'lamp on' } });
    expect(what.body.data).toMatchObject({ type: 'device', id: lamp, values: { relay_1: 1 } });

    // The recording comes back byte for byte as stored (bytea through node-postgres).
    const file = again.body.data.samples[1]?.filename as string;
    const a = await v('GET', 'getAudioFile', { query: { filename: file } });
    const b = await v('GET', 'stream', { query: { filename: file }, range: 'bytes=0-' });
    expect(a.bytes?.toString('ascii', 0, 4)).toBe('RIFF');
    expect(b.status).toBe(206);
    expect(b.bytes?.equals(a.bytes as Buffer)).toBe(true);

    const set = untarGz((await v('GET', 'files/vr-dataset', { api: true })).bytes as Buffer);
    const manifest = JSON.parse(set.get('manifest.json')?.toString() ?? '{}') as VoiceDatasetManifest;
    expect(manifest.commands.map((c) => c.sequence)).toEqual(['lamp on', 'lamp off please']);
    expect([...set.keys()].filter((k) => k.startsWith('features/'))).toHaveLength(3);

    // The cache keeps the newest 20 uploads.
    for (let i = 0; i < 22; i++) await sample(off);
    expect((await v<{ deleted: number }>('DELETE', 'deleteCache')).body.data.deleted).toBe(20);
    expect(
      (await v<{ deleted: number }>('DELETE', 'deleteData', { json: { device_id: lamp } })).body.data,
    ).toEqual({
      deleted: 2,
    });
    expect((await v('GET', 'getAllCustomCommands')).body.data).toEqual([]);
    // A recognition now has nothing to match.
    const none = await v('POST', 'uploadfile', { form: uploadForm(on.t1, userId) });
    expect(none).toMatchObject({ status: 404, body: { message: 'No voice commands available.' } });
  });
});
