import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { assets, devices } from '../../db/schema.ts';

export type AssetRow = typeof assets.$inferSelect;
export type AssetWithCount = AssetRow & { deviceCount: number };

export class AssetRepository {
  constructor(private readonly db: Db) {}

  private counted() {
    return this.db
      .select({
        asset: assets,
        deviceCount: sql<number>`(select count(*)::int from devices d where d.asset_id = "assets"."id")`,
      })
      .from(assets);
  }

  async create(input: typeof assets.$inferInsert): Promise<AssetRow> {
    const [row] = await this.db.insert(assets).values(input).returning();
    if (!row) throw new Error('insert returned no asset');
    return row;
  }
  async listForOwner(ownerId: string): Promise<AssetWithCount[]> {
    const rows = await this.counted()
      .where(eq(assets.ownerId, ownerId))
      .orderBy(asc(assets.createdAt), asc(assets.id));
    return rows.map((r) => ({ ...r.asset, deviceCount: r.deviceCount }));
  }
  async get(id: string): Promise<AssetWithCount | undefined> {
    const [row] = await this.counted().where(eq(assets.id, id)).limit(1);
    return row && { ...row.asset, deviceCount: row.deviceCount };
  }
  async defaultPlace(ownerId: string): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assets)
      .where(and(eq(assets.ownerId, ownerId), isNull(assets.parentId), eq(assets.isDefault, true)))
      .limit(1);
    return row;
  }
  async update(id: string, patch: { name?: string; label?: string }): Promise<void> {
    await this.db.update(assets).set(patch).where(eq(assets.id, id));
  }
  async setDefault(ownerId: string, placeId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(assets)
        .set({ isDefault: false })
        .where(and(eq(assets.ownerId, ownerId), eq(assets.isDefault, true)));
      await tx.update(assets).set({ isDefault: true }).where(eq(assets.id, placeId));
    });
  }
  /**
   * Delete a place (with its rooms) or a room, in one transaction: its devices move to `fallbackId`
   * first, so none is ever lost. Returns the devices moved.
   */
  async deleteMovingDevices(asset: AssetRow, fallbackId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const doomed =
        asset.parentId === null
          ? or(eq(assets.id, asset.id), eq(assets.parentId, asset.id))
          : eq(assets.id, asset.id);
      const ids = (await tx.select({ id: assets.id }).from(assets).where(doomed)).map((r) => r.id);
      const moved = await tx
        .update(devices)
        .set({ assetId: fallbackId })
        .where(inArray(devices.assetId, ids))
        .returning({ id: devices.id });
      await tx.delete(assets).where(inArray(assets.id, ids));
      return moved.map((m) => m.id);
    });
  }
}
