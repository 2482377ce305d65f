import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  dataExchanges,
  deviceClaims,
  devices,
  favourites,
  keyActions,
  keyLabels,
  pairKeys,
  reports,
  schedules,
  shares,
} from '../../db/schema.ts';
import type { DeviceRow } from '../device/device.repository.ts';

export type PairKeyRow = typeof pairKeys.$inferSelect;
export type NewPairKey = Omit<typeof pairKeys.$inferInsert, 'id' | 'createdAt'>;

/** Pair keys and the transfer of a device they allow (docs/decisions/026). */
export class PairKeyRepository {
  constructor(private readonly db: Db) {}

  /** A new key for the user and device; it replaces the user's earlier unused keys of the device. */
  async replace(input: NewPairKey): Promise<PairKeyRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(pairKeys)
        .where(
          and(
            eq(pairKeys.userId, input.userId),
            eq(pairKeys.deviceId, input.deviceId),
            isNull(pairKeys.usedAt),
          ),
        );
      const [row] = await tx.insert(pairKeys).values(input).returning();
      if (!row) throw new Error('insert returned no pair key');
      return row;
    });
  }

  /** Hashes of the device's keys still live (another user's new key must not equal one of them). */
  async liveHashes(deviceId: string, now: Date): Promise<Set<string>> {
    const rows = await this.db
      .select({ hash: pairKeys.keyHash })
      .from(pairKeys)
      .where(and(eq(pairKeys.deviceId, deviceId), isNull(pairKeys.usedAt), gt(pairKeys.expiresAt, now)));
    return new Set(rows.map((r) => r.hash));
  }

  /**
   * For a claim message of the device, in one read: its newest key with one of these hashes (of any
   * user, live or not), and whether someone is pairing it (a key asked for since `since`, unused).
   */
  async claimLookup(
    deviceId: string,
    hashes: string[],
    since: Date,
  ): Promise<{ match: PairKeyRow | undefined; pairing: boolean }> {
    const matches = inArray(pairKeys.keyHash, hashes);
    const [row] = await this.db
      .select()
      .from(pairKeys)
      .where(
        and(
          eq(pairKeys.deviceId, deviceId),
          or(matches, and(isNull(pairKeys.usedAt), gt(pairKeys.createdAt, since))),
        ),
      )
      .orderBy(desc(sql`${matches}`), desc(pairKeys.createdAt))
      .limit(1);
    return { match: row && hashes.includes(row.keyHash) ? row : undefined, pairing: row !== undefined };
  }

  /** The user's live, unused key of the device with one of these hashes. */
  async live(userId: string, deviceId: string, hashes: string[], now: Date): Promise<PairKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pairKeys)
      .where(
        and(
          eq(pairKeys.userId, userId),
          eq(pairKeys.deviceId, deviceId),
          inArray(pairKeys.keyHash, hashes),
          isNull(pairKeys.usedAt),
          gt(pairKeys.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** The device's newest key with one of these hashes, of any user, used or not. */
  async byHashes(deviceId: string, hashes: string[]): Promise<PairKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pairKeys)
      .where(and(eq(pairKeys.deviceId, deviceId), inArray(pairKeys.keyHash, hashes)))
      .orderBy(desc(pairKeys.createdAt))
      .limit(1);
    return row;
  }

  async setOwnerKey(id: string, ownerKeyHash: string): Promise<void> {
    await this.db.update(pairKeys).set({ ownerKeyHash }).where(eq(pairKeys.id, id));
  }

  /**
   * The device's claim carried a live key: in one transaction the key is used (and the device's other
   * unused keys end), the device gets the key's user as owner and the place, and, when it changes
   * owner, everything of the users who lose it ends as when the device is deleted: shares, their
   * schedules, data exchanges, key actions and labels, favourites and reports of it; an open
   * ThingsBoard claim closes. Automations that use it are paused by the access sweep (decision 018)
   * once the change is announced. Undefined, with nothing changed, when the key was used or ended
   * meanwhile or the device changed owner meanwhile.
   */
  async transfer(input: {
    key: PairKeyRow;
    /** The owner the device had when the claim was checked. */
    from: string | null;
    placeId: string | null;
    now: Date;
  }): Promise<DeviceRow | undefined> {
    const { key, from, placeId, now } = input;
    const to = key.userId;
    const deviceId = key.deviceId;
    const run = this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(pairKeys)
        .set({ usedAt: now })
        .where(and(eq(pairKeys.id, key.id), isNull(pairKeys.usedAt), gt(pairKeys.expiresAt, now)))
        .returning({ id: pairKeys.id });
      if (!used) return undefined;
      await tx
        .update(pairKeys)
        .set({ expiresAt: now })
        .where(and(eq(pairKeys.deviceId, deviceId), isNull(pairKeys.usedAt), gt(pairKeys.expiresAt, now)));
      // An earlier transfer to someone that they never finished is over.
      await tx
        .update(pairKeys)
        .set({ configuredAt: now })
        .where(
          and(
            eq(pairKeys.deviceId, deviceId),
            ne(pairKeys.id, key.id),
            isNotNull(pairKeys.usedAt),
            isNull(pairKeys.configuredAt),
          ),
        );
      const [device] = await tx
        .update(devices)
        .set({ ownerId: to, assetId: placeId })
        .where(
          and(eq(devices.id, deviceId), from === null ? isNull(devices.ownerId) : eq(devices.ownerId, from)),
        )
        .returning();
      if (!device) throw new OwnerChanged();
      await tx.delete(deviceClaims).where(eq(deviceClaims.deviceId, deviceId));
      if (from !== null && from !== to) await endOthers(tx, deviceId, to, now);
      return device;
    });
    try {
      return await run;
    } catch (err) {
      if (err instanceof OwnerChanged) return undefined;
      throw err;
    }
  }

  /**
   * Post-config in one transaction: the owner's name and place or room for the device, and its
   * transfer finished. Undefined when the device is not (or no longer) the user's.
   */
  async finishSetup(input: {
    deviceId: string;
    userId: string;
    label: string;
    assetId: string;
    now: Date;
  }): Promise<DeviceRow | undefined> {
    const { deviceId, userId, label, assetId, now } = input;
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .update(devices)
        .set({ label, assetId })
        .where(and(eq(devices.id, deviceId), eq(devices.ownerId, userId)))
        .returning();
      if (!device) return undefined;
      await tx
        .update(pairKeys)
        .set({ configuredAt: now })
        .where(
          and(
            eq(pairKeys.deviceId, deviceId),
            eq(pairKeys.userId, userId),
            isNotNull(pairKeys.usedAt),
            isNull(pairKeys.configuredAt),
          ),
        );
      return device;
    });
  }

  /** The owner's choice whether the device may be added again; false when it is not theirs. */
  async setConfigDisabled(deviceId: string, ownerId: string, disabled: boolean): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ configDisabled: disabled })
      .where(and(eq(devices.id, deviceId), eq(devices.ownerId, ownerId)))
      .returning({ id: devices.id });
    return rows.length === 1;
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What users other than the new owner had of the device ends (a change of owner). */
async function endOthers(tx: Tx, deviceId: string, to: string, now: Date): Promise<void> {
  await tx
    .update(shares)
    .set({ deletedAt: now })
    .where(and(eq(shares.deviceId, deviceId), isNull(shares.deletedAt)));
  await tx.delete(schedules).where(and(eq(schedules.deviceId, deviceId), ne(schedules.ownerId, to)));
  await tx
    .delete(dataExchanges)
    .where(
      and(
        or(eq(dataExchanges.sourceDeviceId, deviceId), eq(dataExchanges.targetDeviceId, deviceId)),
        ne(dataExchanges.ownerId, to),
      ),
    );
  await tx
    .delete(keyActions)
    .where(
      and(
        or(eq(keyActions.deviceId, deviceId), eq(keyActions.targetDeviceId, deviceId)),
        ne(keyActions.ownerId, to),
      ),
    );
  await tx.delete(keyLabels).where(eq(keyLabels.deviceId, deviceId));
  await tx.delete(favourites).where(and(eq(favourites.deviceId, deviceId), ne(favourites.userId, to)));
  await tx.delete(reports).where(and(eq(reports.deviceId, deviceId), ne(reports.userId, to)));
}

/** Thrown inside a transfer's transaction to undo it: the device changed owner meanwhile. */
class OwnerChanged extends Error {}
