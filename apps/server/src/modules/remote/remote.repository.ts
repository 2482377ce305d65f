import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceRemotes, type StoredRemoteButton } from '../../db/schema.ts';

export type RemoteRow = typeof deviceRemotes.$inferSelect;

/** The remotes on IR blasters (device_remotes). */
export class RemoteRepository {
  constructor(private readonly db: Db) {}

  async add(values: {
    deviceId: string;
    catalogueRemoteId: number | null;
    name: string;
    categoryId: number | null;
    buttons: StoredRemoteButton[];
  }): Promise<RemoteRow> {
    const [row] = await this.db.insert(deviceRemotes).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  listForDevice(deviceId: string): Promise<RemoteRow[]> {
    return this.db
      .select()
      .from(deviceRemotes)
      .where(eq(deviceRemotes.deviceId, deviceId))
      .orderBy(asc(deviceRemotes.createdAt), asc(deviceRemotes.id));
  }

  async get(id: string): Promise<RemoteRow | undefined> {
    const [row] = await this.db.select().from(deviceRemotes).where(eq(deviceRemotes.id, id)).limit(1);
    return row;
  }

  async update(id: string, patch: { name?: string; buttons?: StoredRemoteButton[] }): Promise<RemoteRow> {
    const [row] = await this.db.update(deviceRemotes).set(patch).where(eq(deviceRemotes.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    return row;
  }

  async remove(id: string, deviceId: string): Promise<void> {
    await this.db
      .delete(deviceRemotes)
      .where(and(eq(deviceRemotes.id, id), eq(deviceRemotes.deviceId, deviceId)));
  }
}
