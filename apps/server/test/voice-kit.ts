import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { HestiaClient } from '@hestia/client';
import { VOICE_PREFIX } from '@hestia/contract';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, type Stack, shareWith } from './stack.ts';

/**
 * Recordings for the voice tests, spoken by espeak-ng (Debian's package): a phrase in a voice at a
 * speed (-s, words a minute) and pitch (-p, 0-99), as the WAV espeak writes (22.05 kHz mono 16-bit).
 * Calls to the voice service with fetch, and WAV reshaping (stereo, another rate, 8-bit).
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'hestia-voice-'));
let n = 0;

export async function speak(voice: string, text: string, speed: number, pitch: number): Promise<Buffer> {
  const file = join(dir, `${n++}.wav`);
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-p', String(pitch), '-w', file, text]);
  return readFileSync(file);
}

/** A PCM 16-bit WAV of the given channels' samples (each an Int16Array of the same length). */
export function wav(rate: number, channels: Int16Array[], bits = 16): Buffer {
  const frames = channels[0]?.length ?? 0;
  const bytes = bits / 8;
  const data = Buffer.alloc(frames * channels.length * bytes);
  for (let i = 0; i < frames; i++)
    channels.forEach((c, k) => {
      const at = (i * channels.length + k) * bytes;
      if (bits === 16) data.writeInt16LE(c[i] ?? 0, at);
      else data.writeUInt8(((c[i] ?? 0) >> 8) + 128, at);
    });
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels.length, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels.length * bytes, 28);
  h.writeUInt16LE(channels.length * bytes, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** The samples of a mono 16-bit WAV as espeak writes it (44-byte header). */
export function samplesOf(file: Buffer): { rate: number; samples: Int16Array } {
  const rate = file.readUInt32LE(24);
  const data = file.subarray(44);
  const samples = new Int16Array(data.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(2 * i);
  return { rate, samples };
}

/** The recording at another rate (linear interpolation) as stereo, the right channel at 80 %. */
export function stereoAt(file: Buffer, rate: number): Buffer {
  const { rate: from, samples } = samplesOf(file);
  const out = new Int16Array(Math.floor((samples.length * rate) / from));
  for (let i = 0; i < out.length; i++) {
    const x = (i * from) / rate;
    const j = Math.floor(x);
    const f = x - j;
    out[i] = Math.round((samples[j] ?? 0) * (1 - f) + (samples[j + 1] ?? samples[j] ?? 0) * f);
  }
  return wav(rate, [out, out.map((v) => Math.round(v * 0.8))]);
}

export interface Answer<T = unknown> {
  status: number;
  body: { data: T; isSuccess: boolean; message: string; statusCode: number };
  headers: Headers;
  bytes?: Buffer;
}

/** A call to the voice service (`/voice/<path>`) or, with `api`, to /api/v1. */
export async function call<T = unknown>(
  base: string,
  token: string | null,
  method: string,
  path: string,
  opts: {
    query?: Record<string, string>;
    json?: unknown;
    form?: FormData;
    api?: boolean;
    range?: string;
  } = {},
): Promise<Answer<T>> {
  const url = new URL(`${base}${opts.api ? '/api/v1' : VOICE_PREFIX}/${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.range) headers.range = opts.range;
  const res = await fetch(url, {
    method,
    headers,
    ...(opts.form ? { body: opts.form } : opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('application/json'))
    return { status: res.status, body: (await res.json()) as Answer<T>['body'], headers: res.headers };
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: undefined as never, headers: res.headers, bytes };
}

/** The multipart form of `uploadfile`. */
export function uploadForm(file: Buffer | null, userId: string | null, mode?: string): FormData {
  const form = new FormData();
  if (userId !== null) form.set('user_id', userId);
  if (mode) form.set('mode', mode);
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: 'audio/wav' }), 'voice.wav');
  return form;
}

/** The files of a .tar.gz (regular files, ustar names). */
export function untarGz(archive: Buffer): Map<string, Buffer> {
  const tarBytes = gunzipSync(archive);
  const files = new Map<string, Buffer>();
  let at = 0;
  while (at + 512 <= tarBytes.length) {
    const name = tarBytes.toString('utf8', at, at + 100).replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(tarBytes.toString('ascii', at + 124, at + 136).replace(/\0.*$/s, ''), 8);
    files.set(name, tarBytes.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** A signed-in user of the voice tests: a REST client, the raw token for the voice calls, the id. */
export interface VoiceUser {
  client: HestiaClient;
  token: string;
  id: string;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<VoiceUser> {
  const token = (await new HestiaClient({ baseUrl }).login(email, password)).token;
  const client = new HestiaClient({ baseUrl, getToken: () => token });
  return { client, token, id: (await client.call('profile', {})).id };
}

/**
 * The voice tests' three people on a started stack: the demo owner, a sharee the owner's plug is
 * shared with for control, and a stranger (`<prefix>-sharee@example.com`, `<prefix>-stranger@…`).
 */
export async function voicePeople(
  stack: Stack,
  prefix: string,
): Promise<Record<'owner' | 'sharee' | 'stranger', VoiceUser>> {
  const base = stack.server.url;
  await addUser(stack.server, `${prefix}-sharee@example.com`, 'VoicePass1');
  await addUser(stack.server, `${prefix}-stranger@example.com`, 'VoicePass1');
  const owner = await signIn(base, DEMO_EMAIL, DEMO_PASSWORD);
  const sharee = await signIn(base, `${prefix}-sharee@example.com`, 'VoicePass1');
  const stranger = await signIn(base, `${prefix}-stranger@example.com`, 'VoicePass1');
  await shareWith(owner.client, stack.ids.plug, sharee.client, 'control');
  return { owner, sharee, stranger };
}
