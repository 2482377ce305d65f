import { createHash, randomBytes } from 'node:crypto';
import type { HestiaClient } from '@hestia/client';
import type { FirmwareStatus } from '@hestia/contract';
import type { OtaSettings } from '@hestia/simulator';
import { eq } from 'drizzle-orm';
import { serverSettings } from '../src/db/schema.ts';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, newAccessToken } from '../src/seed/demo.ts';
import { type Stack, waitFor } from './stack.ts';

/** A firmware file: random bytes, with the SHA-256 the server should compute. */
export function firmwareFile(size: number) {
  const bytes = randomBytes(size);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The operator key the server keeps in its database (memory:// writes no key file). */
export async function operatorKeyOf(stack: Stack): Promise<string> {
  const [row] = await stack.server.database.db
    .select()
    .from(serverSettings)
    .where(eq(serverSettings.key, 'operator_key'));
  return String(row?.value);
}

/** `POST /api/operator/firmware`, as `npm run firmware -- add` sends it: status and wrapper. */
export async function storePackage(
  stack: Stack,
  body: { profile: string; version: string; data: string },
): Promise<{ status: number; body: { data: unknown; isSuccess: boolean; message: string } }> {
  const res = await fetch(`${stack.server.url}/api/operator/firmware`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await operatorKeyOf(stack)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * A simulated device of the demo user running firmware `version`, with quick updates (`ota`),
 * once `owner` sees it connected.
 */
export async function simulatedWithFirmware(
  stack: Stack,
  owner: HestiaClient,
  profileId: string,
  version: string,
  ota: Partial<OtaSettings>,
): Promise<string> {
  const db = stack.server.database.db;
  const user = await new UserRepository(db).findByUsername(DEMO_EMAIL);
  const row = await new DeviceRepository(db).create({
    ownerId: user?.id as string,
    name: `${profileId} ${version}`,
    label: `${profileId} ${version}`,
    profileId,
    accessToken: newAccessToken(),
    simulated: true,
  });
  await stack.fleet.add({
    id: row.id,
    accessToken: row.accessToken,
    profileId,
    firmware: { title: profileId, version },
    ota,
  });
  await waitFor(async () => {
    const s = await owner.call('firmwareStatus', { params: { id: row.id } });
    return s.online && s.currentVersion === version;
  });
  return row.id;
}

/** Waits until the device's firmware status says `state` (the update's end), and returns it. */
export async function settled(owner: HestiaClient, id: string, state: 'UPDATED' | 'FAILED') {
  let last: FirmwareStatus | undefined;
  await waitFor(async () => {
    last = await owner.call('firmwareStatus', { params: { id } });
    // UPDATED comes with the version the device rebooted into.
    return (
      last.state === state &&
      last.online &&
      (state === 'FAILED' || last.currentVersion === last.targetVersion)
    );
  }, 15_000).catch((err) => {
    throw new Error(`${String(err)}: last ${JSON.stringify(last)}`);
  });
  return last as FirmwareStatus;
}
