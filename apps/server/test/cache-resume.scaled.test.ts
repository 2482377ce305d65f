import { ApiError, HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { type OwnRedis, startOwnRedis, stopOwnServices } from './fault-kit.ts';
import { freshDatabase, scaledConfigured, scaledEnv } from './scaled-kit.ts';
import { addUser, loggedIn, waitFor } from './stack.ts';

/**
 * Instances cache sessions and device owners and shares for a few seconds, and forget an entry when
 * another instance announces its end on the bus. Announcements made while Redis was down never arrive:
 * once the bus is back, every instance forgets all such entries (decision 044), so a session ended or a
 * share removed during the outage is refused everywhere at once, not only when the entries expire.
 */
describe.runIf(scaledConfigured)('scaled mode: caches after a Redis outage', () => {
  const fresh = freshDatabase('cache_resume');
  let redis: OwnRedis;
  let a: HestiaServer;
  let b: HestiaServer;
  let deviceId: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = { ...scaledEnv(fresh.url()), REDIS_URL: redis.url };
    // The caches' entries live 5 s (TtlCache), which alone would end the staleness soon after the
    // outage; on a clock running 20 times slower they outlive the test, so only the bus's resumption
    // can make B forget them.
    const start = Date.now();
    const clock = { now: () => start + (Date.now() - start) / 20 };
    a = await createServer(loadConfig(env), { clock });
    b = await createServer(loadConfig(env), { clock });
    const owner = await addUser(a, 'resume-owner@example.com', 'OwnerPass1');
    await addUser(a, 'resume-guest@example.com', 'GuestPass1');
    deviceId = (
      await new DeviceRepository(a.database.db).create({
        ownerId: owner.id,
        name: 'Hall light',
        label: 'Hall light',
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await stopOwnServices();
  });

  const healthOf = async (server: HestiaServer) => (await fetch(`${server.url}/api/v1/health`)).status;
  const status = (call: Promise<unknown>) =>
    call.then(
      () => 200,
      (e: unknown) => (e instanceof ApiError ? e.statusCode : -1),
    );

  it('a session ended and a share removed while Redis was down are refused on the other instance once it is back', async () => {
    const ownerOnA = await loggedIn(a.url, 'resume-owner@example.com', 'OwnerPass1');
    const share = await ownerOnA.call('createShare', {
      params: { id: deviceId },
      body: { scope: 'control' },
    });
    const guestOnA = await loggedIn(a.url, 'resume-guest@example.com', 'GuestPass1');
    await guestOnA.call('finalizeShare', { params: { shareToken: share.token } });
    // Two sessions of the guest: one will log out during the outage, the other keeps reading the device.
    let leavingToken: string | undefined;
    const leaving = new HestiaClient({ baseUrl: b.url, getToken: () => leavingToken });
    leavingToken = (await leaving.login('resume-guest@example.com', 'GuestPass1')).token;
    const leavingOnA = new HestiaClient({ baseUrl: a.url, getToken: () => leavingToken });
    const staying = await loggedIn(b.url, 'resume-guest@example.com', 'GuestPass1');
    // B caches both sessions and the guest's share.
    expect(await status(leaving.call('getDevice', { params: { id: deviceId } }))).toBe(200);
    expect(await status(staying.call('getDevice', { params: { id: deviceId } }))).toBe(200);

    await redis.kill();
    await waitFor(async () => (await healthOf(b)) === 503, 5_000);
    // On A, with nobody to tell: the share goes and one session ends (A's own caches forget them).
    await ownerOnA.call('deleteShare', { params: { id: deviceId, shareId: share.id } });
    await leavingOnA.call('logout', { body: {} });
    // B still answers from its caches: the announcements were lost.
    expect(await status(staying.call('getDevice', { params: { id: deviceId } }))).toBe(200);
    expect(await status(leaving.call('getDevice', { params: { id: deviceId } }))).toBe(200);

    // An outage of seconds: the announcements' publishes give up (three reconnection attempts), lost.
    await new Promise((r) => setTimeout(r, 2_000));
    await redis.start();
    const back = Date.now();
    await waitFor(async () => (await healthOf(b)) === 200, 15_000);
    // The ended session is a 401, the removed share the stranger's 404.
    await waitFor(
      async () => (await status(leaving.call('getDevice', { params: { id: deviceId } }))) === 401,
      10_000,
    );
    await waitFor(
      async () => (await status(staying.call('getDevice', { params: { id: deviceId } }))) === 404,
      10_000,
    );
    console.log(`caches forgotten ${Date.now() - back} ms after Redis was started again`);
  }, 90_000);
});
