import type { Db } from '../db/database.ts';
import { assets } from '../db/schema.ts';

export type AssetRow = typeof assets.$inferSelect;

export function assetRepository(db: Db) {
  return {
    async create(input: typeof assets.$inferInsert): Promise<AssetRow> {
      const [row] = await db.insert(assets).values(input).returning();
      if (!row) throw new Error('insert returned no asset');
      return row;
    },
  };
}
