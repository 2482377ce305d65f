import { and, eq, exists, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { assets, devices, favourites, pairKeys, shares, users } from '../../db/schema.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceWithAsset = DeviceRow & { assetName: string | null };
export type ShareRow = typeof shares.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;

/** A device record as the operator lists it. */
export interface DeviceRecord {
  id: string;
  mac: string | null;
  model: string;
  ownerEmail: string | null;
  ownerId: string | null;
  token: string;
  provisioned: boolean;
}

/** Rows per statement when inserting or looking up a batch (well under PostgreSQL's parameter limit). */
const CHUNK = 500;

const chunks = <T>(list: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/** A device as one user sees it: their access and whether it is among their favourites. */
export type VisibleDevice = DeviceWithAsset & { shareScope: 'control' | 'view' | null; isFavourite: boolean };

const room = alias(assets, 'room');

/** A share that grants access now. */
export const liveShare = (now: Date): SQL =>
  and(
    isNull(shares.deletedAt),
    isNotNull(shares.activatedAt),
    or(isNull(shares.expiresAt), gt(shares.expiresAt, now)),
  ) as SQL;

export class DeviceRepository {
  constructor(private readonly db: Db) {}

  private withAsset() {
    return this.db
      .select({ device: devices, assetName: room.name })
      .from(devices)
      .leftJoin(room, eq(room.id, devices.assetId));
  }

  /** Devices the user owns or holds a live share of, with filters of `customer/devices`. */
  async listVisible(
    userId: string,
    now: Date,
    filter: {
      assetIds?: string[];
      profileId?: string;
      sharedOnly?: boolean;
      favouritesOnly?: boolean;
      /** Only the user's devices a pair key transferred to them and that are not yet set up. */
      awaitingSetup?: boolean;
    },
  ): Promise<VisibleDevice[]> {
    // A device without an owner is nobody's: `owner_id = $user` is never true for it, and it has no
    // live shares (only an owner can share), but it is also excluded here in so many words.
    const conditions: SQL[] = [
      isNotNull(devices.ownerId),
      filter.sharedOnly
        ? isNotNull(shares.id)
        : (or(eq(devices.ownerId, userId), isNotNull(shares.id)) as SQL),
    ];
    if (filter.assetIds)
      conditions.push(
        inArray(
          devices.assetId,
          filter.assetIds.length > 0 ? filter.assetIds : ['00000000-0000-0000-0000-000000000000'],
        ),
      );
    if (filter.profileId) conditions.push(eq(devices.profileId, filter.profileId));
    if (filter.favouritesOnly) conditions.push(isNotNull(favourites.deviceId));
    if (filter.awaitingSetup)
      conditions.push(
        eq(devices.ownerId, userId),
        exists(
          this.db
            .select({ one: sql`1` })
            .from(pairKeys)
            .where(
              and(
                eq(pairKeys.deviceId, devices.id),
                eq(pairKeys.userId, userId),
                isNotNull(pairKeys.usedAt),
                isNull(pairKeys.configuredAt),
              ),
            ),
        ),
      );
    const rows = await this.db
      .select({
        device: devices,
        assetName: room.name,
        shareScope: shares.scope,
        favourite: favourites.deviceId,
      })
      .from(devices)
      .leftJoin(room, eq(room.id, devices.assetId))
      .leftJoin(shares, and(eq(shares.deviceId, devices.id), eq(shares.userId, userId), liveShare(now)))
      .leftJoin(favourites, and(eq(favourites.deviceId, devices.id), eq(favourites.userId, userId)))
      .where(and(...conditions))
      .orderBy(devices.createdAt, devices.id);
    return rows.map((r) => ({
      ...r.device,
      assetName: r.device.ownerId === userId ? r.assetName : null,
      assetId: r.device.ownerId === userId ? r.device.assetId : null,
      shareScope: r.device.ownerId === userId ? null : r.shareScope,
      isFavourite: r.favourite !== null,
    }));
  }
  async get(id: string): Promise<DeviceWithAsset | undefined> {
    const [row] = await this.withAsset().where(eq(devices.id, id)).limit(1);
    return row && { ...row.device, assetName: row.assetName };
  }
  async isFavourite(userId: string, deviceId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: favourites.deviceId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.deviceId, deviceId)));
    return row !== undefined;
  }
  async byAccessToken(token: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db.select().from(devices).where(eq(devices.accessToken, token)).limit(1);
    return row;
  }
  async simulated(): Promise<DeviceRow[]> {
    return this.db.select().from(devices).where(eq(devices.simulated, true));
  }
  async create(input: NewDevice): Promise<DeviceRow> {
    const [row] = await this.db.insert(devices).values(input).returning();
    if (!row) throw new Error('insert returned no device');
    return row;
  }
  async byMac(mac: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db.select().from(devices).where(eq(devices.mac, mac)).limit(1);
    return row;
  }
  /** Which of `macs` and `tokens` some device already has. */
  async taken(macs: string[], tokens: string[]): Promise<{ macs: Set<string>; tokens: Set<string> }> {
    const found = { macs: new Set<string>(), tokens: new Set<string>() };
    for (const part of chunks(macs))
      for (const r of await this.db
        .select({ mac: devices.mac })
        .from(devices)
        .where(inArray(devices.mac, part)))
        if (r.mac) found.macs.add(r.mac);
    for (const part of chunks(tokens))
      for (const r of await this.db
        .select({ token: devices.accessToken })
        .from(devices)
        .where(inArray(devices.accessToken, part)))
        found.tokens.add(r.token);
    return found;
  }
  /** Insert every row or none (one transaction); ids and tokens in the order given. */
  async createAll(rows: NewDevice[]): Promise<Array<{ id: string; mac: string | null; token: string }>> {
    return this.db.transaction(async (tx) => {
      const out: Array<{ id: string; mac: string | null; token: string }> = [];
      for (const part of chunks(rows))
        out.push(
          ...(await tx
            .insert(devices)
            .values(part)
            .returning({ id: devices.id, mac: devices.mac, token: devices.accessToken })),
        );
      return out;
    });
  }
  /** Every device record with its owner's email, oldest first (the operator's list). */
  async records(): Promise<DeviceRecord[]> {
    const rows = await this.db
      .select({
        id: devices.id,
        mac: devices.mac,
        model: devices.profileId,
        ownerId: devices.ownerId,
        ownerEmail: users.email,
        token: devices.accessToken,
        provisionedAt: devices.provisionedAt,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.ownerId))
      .orderBy(devices.createdAt, devices.id);
    return rows.map(({ provisionedAt, ...r }) => ({ ...r, provisioned: provisionedAt !== null }));
  }
  /**
   * Mark a device of `profileId` provisioned, once: undefined when it already was (or is of another
   * model). A token given replaces the device's own.
   */
  async markProvisioned(
    id: string,
    profileId: string,
    at: Date,
    token?: string,
  ): Promise<DeviceRow | undefined> {
    const [row] = await this.db
      .update(devices)
      .set({ provisionedAt: at, ...(token ? { accessToken: token } : {}) })
      .where(and(eq(devices.id, id), eq(devices.profileId, profileId), isNull(devices.provisionedAt)))
      .returning();
    return row;
  }
  /** Give an unowned device its first owner; undefined when it already has one. */
  async takeOwnership(id: string, ownerId: string, assetId: string | null): Promise<DeviceRow | undefined> {
    const [row] = await this.db
      .update(devices)
      .set({ ownerId, assetId })
      .where(and(eq(devices.id, id), isNull(devices.ownerId)))
      .returning();
    return row;
  }
  async rename(id: string, label: string): Promise<void> {
    await this.db.update(devices).set({ label }).where(eq(devices.id, id));
  }
  async remove(id: string): Promise<void> {
    await this.db.delete(devices).where(eq(devices.id, id));
  }
  /** Move the owner's devices to an asset; returns the ids moved (others' devices are left alone). */
  async move(ownerId: string, deviceIds: string[], assetId: string): Promise<string[]> {
    const rows = await this.db
      .update(devices)
      .set({ assetId })
      .where(and(eq(devices.ownerId, ownerId), inArray(devices.id, deviceIds)))
      .returning({ id: devices.id });
    return rows.map((r) => r.id);
  }
  async setFavourite(userId: string, deviceId: string, on: boolean): Promise<void> {
    if (on) await this.db.insert(favourites).values({ userId, deviceId }).onConflictDoNothing();
    else
      await this.db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.deviceId, deviceId)));
  }
  /** The user's live share of a device, if any. */
  async liveShareOf(userId: string, deviceId: string, now: Date): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shares)
      .where(and(eq(shares.userId, userId), eq(shares.deviceId, deviceId), liveShare(now)))
      .orderBy(sql`${shares.activatedAt} desc`)
      .limit(1);
    return row;
  }
}
