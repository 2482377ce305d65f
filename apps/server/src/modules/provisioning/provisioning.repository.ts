import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceClaims, provisioningKeys } from '../../db/schema.ts';

export type ProvisioningKeyRow = typeof provisioningKeys.$inferSelect;
export type DeviceClaimRow = typeof deviceClaims.$inferSelect;

/** Provisioning keys per catalogue model and devices' open claims (docs/decisions/020). */
export class ProvisioningRepository {
  constructor(private readonly db: Db) {}

  /** The model's key, made by `make()` the first time; every caller (and instance) gets the same. */
  async keyFor(
    profileId: string,
    make: () => { provisionKey: string; provisionSecret: string },
  ): Promise<ProvisioningKeyRow> {
    await this.db
      .insert(provisioningKeys)
      .values({ profileId, ...make() })
      .onConflictDoNothing({ target: provisioningKeys.profileId });
    const [row] = await this.db
      .select()
      .from(provisioningKeys)
      .where(eq(provisioningKeys.profileId, profileId));
    if (!row) throw new Error(`provisioning key of ${profileId} missing after insert`);
    return row;
  }
  async byKey(provisionKey: string): Promise<ProvisioningKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(provisioningKeys)
      .where(eq(provisioningKeys.provisionKey, provisionKey))
      .limit(1);
    return row;
  }
  /** Open (or replace) the device's claim. */
  async openClaim(deviceId: string, secretHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insert(deviceClaims)
      .values({ deviceId, secretHash, expiresAt })
      .onConflictDoUpdate({
        target: deviceClaims.deviceId,
        set: { secretHash, expiresAt, createdAt: new Date() },
      });
  }
  async claimOf(deviceId: string): Promise<DeviceClaimRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceClaims)
      .where(eq(deviceClaims.deviceId, deviceId))
      .limit(1);
    return row;
  }
  async closeClaim(deviceId: string): Promise<void> {
    await this.db.delete(deviceClaims).where(eq(deviceClaims.deviceId, deviceId));
  }
}
