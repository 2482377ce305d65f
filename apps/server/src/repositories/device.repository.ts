import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { assets, devices } from '../db/schema.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceWithAsset = DeviceRow & { assetName: string | null };

const room = alias(assets, 'room');

export function deviceRepository(db: Db) {
  const withAsset = () =>
    db
      .select({ device: devices, assetName: room.name })
      .from(devices)
      .leftJoin(room, eq(room.id, devices.assetId));

  return {
    async listForUser(
      userId: string,
      filter: { assetId?: string; profileId?: string },
    ): Promise<DeviceWithAsset[]> {
      const conditions = [eq(devices.ownerId, userId)];
      if (filter.assetId) conditions.push(eq(devices.assetId, filter.assetId));
      if (filter.profileId) conditions.push(eq(devices.profileId, filter.profileId));
      const rows = await withAsset()
        .where(and(...conditions))
        .orderBy(devices.createdAt, devices.id);
      return rows.map((r) => ({ ...r.device, assetName: r.assetName }));
    },
    async get(id: string): Promise<DeviceWithAsset | undefined> {
      const [row] = await withAsset().where(eq(devices.id, id)).limit(1);
      return row && { ...row.device, assetName: row.assetName };
    },
    async byAccessToken(token: string): Promise<DeviceRow | undefined> {
      const [row] = await db.select().from(devices).where(eq(devices.accessToken, token)).limit(1);
      return row;
    },
    async simulated(): Promise<DeviceRow[]> {
      return db.select().from(devices).where(eq(devices.simulated, true));
    },
    async create(input: typeof devices.$inferInsert): Promise<DeviceRow> {
      const [row] = await db.insert(devices).values(input).returning();
      if (!row) throw new Error('insert returned no device');
      return row;
    },
  };
}

export type DeviceRepository = ReturnType<typeof deviceRepository>;
