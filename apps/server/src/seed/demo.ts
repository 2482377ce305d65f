import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/account/auth.service.ts';
import { UserRepository } from '../modules/account/user.repository.ts';
import { AssetRepository } from '../modules/asset/asset.repository.ts';
import { DeviceRepository } from '../modules/device/device.repository.ts';

export const DEMO_EMAIL = 'demo@hestia.local';
export const DEMO_PASSWORD = 'HestiaDemo1';

export const newAccessToken = () => randomBytes(15).toString('base64url');

/** The demo home: a place, two rooms and three simulated devices. Runs once; a second call does nothing. */
export async function seedDemo(db: Db): Promise<boolean> {
  const users = new UserRepository(db);
  if (await users.findByUsername(DEMO_EMAIL)) return false;
  await db.transaction(async (tx) => {
    const user = await new UserRepository(tx).create({
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Demo',
    });
    const a = new AssetRepository(tx);
    const home = await a.create({ ownerId: user.id, name: 'Home', type: 'place', isDefault: true });
    const living = await a.create({ ownerId: user.id, parentId: home.id, name: 'Living room', type: 'room' });
    const kitchen = await a.create({ ownerId: user.id, parentId: home.id, name: 'Kitchen', type: 'room' });
    const d = new DeviceRepository(tx);
    const add = (name: string, profileId: string, assetId: string) =>
      d.create({
        ownerId: user.id,
        assetId,
        name,
        label: name,
        profileId,
        accessToken: newAccessToken(),
        simulated: true,
      });
    await add('Living room lights', 'switch-two-pole', living.id);
    await add('Kettle plug', 'plug-metering', kitchen.id);
    await add('Living room curtain', 'curtain-single', living.id);
  });
  return true;
}
