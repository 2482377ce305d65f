import type { PausedReason } from '@hestia/contract';
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataExchanges } from '../../db/schema.ts';

export type DataExchangeRow = typeof dataExchanges.$inferSelect;

/** Data exchanges between devices (`data_exchanges`). */
export class DataExchangeRepository {
  constructor(private readonly db: Db) {}

  /** Source devices of any exchange. */
  async sourceDeviceIds(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ id: dataExchanges.sourceDeviceId }).from(dataExchanges);
    return rows.map((r) => r.id);
  }

  async get(id: string): Promise<DataExchangeRow | undefined> {
    const [row] = await this.db.select().from(dataExchanges).where(eq(dataExchanges.id, id)).limit(1);
    return row;
  }

  bySource(deviceId: string): Promise<DataExchangeRow[]> {
    return this.db.select().from(dataExchanges).where(eq(dataExchanges.sourceDeviceId, deviceId));
  }

  /** Exchanges that read or write the device. */
  touching(deviceId: string): Promise<DataExchangeRow[]> {
    return this.db
      .select()
      .from(dataExchanges)
      .where(or(eq(dataExchanges.sourceDeviceId, deviceId), eq(dataExchanges.targetDeviceId, deviceId)));
  }

  byOwner(ownerId: string): Promise<DataExchangeRow[]> {
    return this.db.select().from(dataExchanges).where(eq(dataExchanges.ownerId, ownerId));
  }

  /** The owner's exchanges from one source device, oldest first. */
  byOwnerAndSource(ownerId: string, sourceDeviceId: string): Promise<DataExchangeRow[]> {
    return this.db
      .select()
      .from(dataExchanges)
      .where(and(eq(dataExchanges.ownerId, ownerId), eq(dataExchanges.sourceDeviceId, sourceDeviceId)))
      .orderBy(asc(dataExchanges.createdAt));
  }

  /**
   * Set or clear the reason it is paused, only when that changes (set: none yet; clear: one set);
   * the updated row, or undefined when another write got there first.
   */
  async setPaused(id: string, reason: PausedReason): Promise<DataExchangeRow | undefined> {
    const [row] = await this.db
      .update(dataExchanges)
      .set({ pausedReason: reason })
      .where(
        and(
          eq(dataExchanges.id, id),
          reason ? isNull(dataExchanges.pausedReason) : isNotNull(dataExchanges.pausedReason),
        ),
      )
      .returning();
    return row;
  }

  async create(input: typeof dataExchanges.$inferInsert): Promise<DataExchangeRow> {
    const [row] = await this.db.insert(dataExchanges).values(input).returning();
    return row as DataExchangeRow;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(dataExchanges).where(eq(dataExchanges.id, id));
  }
}
