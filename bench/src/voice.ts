import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { HestiaClient } from '@hestia/client';
import { voiceSequenceOf } from '@hestia/contract';
import { DeviceRepository, type HestiaServer, newAccessToken, schema } from '@hestia/server';
import { analyse } from '../../apps/server/src/modules/voice/analyse.ts';
import { VoiceWorkerPool } from '../../apps/server/src/modules/voice/voice-pool.ts';
import { BENCH_PASSWORD, benchUser, startBenchServer } from './setup.ts';
import { ms, summary } from './stats.ts';

/**
 * The voice service under parallel recognitions (decision 047): 10 uploads in `recognize` mode at
 * once, for a user with 9 samples (3 commands) and for one at the limits (100 commands, 1,000
 * samples), with the analysis on the event loop (as before the voice worker: the same functions
 * called in place) and on the voice worker thread. Printed: one upload's latency alone (median of
 * 3), and for the 10 at once the event loop's longest block while they run (perf_hooks
 * monitorEventLoopDelay, 1 ms resolution), each upload's latency, and that of a quick request
 * (`time`) due every 25 ms meanwhile, timed from when it was due. 28 uploads per user: under the 30 a minute.
 *
 * `node --import tsx bench/src/voice.ts` (needs espeak-ng).
 */
const PARALLEL = 10;
const PROBE_EVERY_MS = 25;
const PHRASES = ['turn on the lights', 'turn off the lights', 'open the curtains'];
const OTHERS = ['play some music', 'lock the front door', 'what is the weather tomorrow', 'start the kettle'];

interface BenchUser {
  id: string;
  token: string;
  deviceId: string;
}

function speakAll(dir: string) {
  let n = 0;
  const say = (text: string, speed: number, pitch: number) => {
    const file = join(dir, `${n++}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(speed), '-p', String(pitch), '-w', file, text]);
    return readFileSync(file);
  };
  const takes = (text: string) => [say(text, 150, 50), say(text, 135, 40), say(text, 160, 45)];
  return {
    phrases: PHRASES.map(takes),
    others: OTHERS.map(takes),
    utterance: say(PHRASES[0] as string, 175, 62),
  };
}

/** Commands with samples written straight to the database (features as uploadfile makes them). */
async function addCommands(
  server: HestiaServer,
  userId: string,
  deviceId: string,
  commands: Array<{ name: string; takes: Buffer[] }>,
) {
  const db = server.database.db;
  for (const c of commands) {
    const [row] = await db
      .insert(schema.voiceCommands)
      .values({
        userId,
        name: c.name,
        sequence: voiceSequenceOf(c.name),
        targetType: 'device',
        deviceId,
        values: { relay_1: 1 },
      })
      .returning({ id: schema.voiceCommands.id });
    for (const take of c.takes) {
      const a = analyse(take);
      await db.insert(schema.voiceRecordings).values({
        userId,
        commandId: row?.id,
        durationMs: a.durationMs,
        data: Buffer.from(a.wav),
        features: Buffer.from(a.features),
      });
    }
  }
}

async function signedIn(server: HestiaServer, email: string): Promise<BenchUser> {
  const user = await benchUser(server, email);
  const token = (await new HestiaClient({ baseUrl: server.url }).login(email, BENCH_PASSWORD)).token;
  const device = await new DeviceRepository(server.database.db).create({
    ownerId: user.id,
    name: 'Voice lamp',
    label: 'Voice lamp',
    profileId: 'switch-one-pole',
    accessToken: newAccessToken(),
  });
  return { id: user.id, token, deviceId: device.id };
}

async function recognise(server: HestiaServer, user: BenchUser, wav: Buffer): Promise<number> {
  const form = new FormData();
  form.set('user_id', user.id);
  form.set('mode', 'recognize');
  form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
  const t0 = performance.now();
  const res = await fetch(`${server.url}/voice/uploadfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await res.json()) as { isSuccess: boolean; message: string };
  if (!body.isSuccess) throw new Error(`recognition failed: ${res.status} ${body.message}`);
  return performance.now() - t0;
}

async function round(server: HestiaServer, user: BenchUser, wav: Buffer) {
  await recognise(server, user, wav); // warm: the worker's start, the JIT
  // One upload at a time, nothing else running.
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push(await recognise(server, user, wav));
  const anon = new HestiaClient({ baseUrl: server.url });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let done = false;
  const quick: number[] = [];
  // A quick request due every 25 ms (not back to back: the probe must not take a core from the
  // work), timed from when it was due, so a blocked event loop counts in its latency.
  const probing = (async () => {
    let due = performance.now();
    while (!done) {
      await anon.time();
      quick.push(performance.now() - due);
      due = performance.now() + PROBE_EVERY_MS;
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  const t0 = performance.now();
  const uploads = await Promise.all(Array.from({ length: PARALLEL }, () => recognise(server, user, wav)));
  const wall = performance.now() - t0;
  done = true;
  await probing;
  loop.disable();
  return { loopMax: loop.max / 1e6, loopP99: loop.percentile(99) / 1e6, alone, uploads, quick, wall };
}

export async function voiceBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hestia-voice-bench-'));
  const server = await startBenchServer();
  try {
    const speech = speakAll(dir);
    const typical = await signedIn(server, 'voice-typical@example.com');
    await addCommands(
      server,
      typical.id,
      typical.deviceId,
      PHRASES.map((name, i) => ({ name, takes: speech.phrases[i] as Buffer[] })),
    );
    // At the limits: 100 commands of 10 samples, the three phrases and 97 others (their takes again).
    const full = await signedIn(server, 'voice-full@example.com');
    const ten = (takes: Buffer[]) => Array.from({ length: 10 }, (_, i) => takes[i % takes.length] as Buffer);
    await addCommands(server, full.id, full.deviceId, [
      ...PHRASES.map((name, i) => ({ name, takes: ten(speech.phrases[i] as Buffer[]) })),
      ...Array.from({ length: 97 }, (_, i) => ({
        name: `${OTHERS[i % OTHERS.length]} ${i}`,
        takes: ten(speech.others[i % OTHERS.length] as Buffer[]),
      })),
    ]);

    const onThread = VoiceWorkerPool.prototype.analyse;
    const modes = [
      ['event loop', async (w: Uint8Array, t?: Parameters<typeof analyse>[1]) => analyse(w, t)],
      ['worker thread', onThread],
    ] as const;
    console.log(`voice: ${PARALLEL} parallel recognitions ("${PHRASES[0]}", 1.2 s of speech)`);
    for (const [mode, impl] of modes) {
      VoiceWorkerPool.prototype.analyse = impl as typeof onThread;
      for (const [who, user] of [
        ['9 samples', typical],
        ['1,000 samples', full],
      ] as const) {
        const r = await round(server, user, speech.utterance);
        const up = summary(r.uploads);
        const q = summary(r.quick);
        console.log(
          `  ${mode}, ${who}: one upload alone p50 ${ms(summary(r.alone).p50)}; ${PARALLEL} at once: ` +
            `event loop longest block ${ms(r.loopMax)} (p99 ${ms(r.loopP99)}); ` +
            `upload p50 ${ms(up.p50)} max ${ms(up.max)} (all ${ms(r.wall)}); ` +
            `a quick request due meanwhile p50 ${ms(q.p50)} max ${ms(q.max)} (${q.n} answered)`,
        );
      }
    }
    VoiceWorkerPool.prototype.analyse = onThread;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await voiceBench();
  process.exit(0);
}
