import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { automations, devices, keyActions, keyLabels } from '../../db/schema.ts';

export type KeyActionRow = typeof keyActions.$inferSelect;
export type KeyActionInsert = Omit<typeof keyActions.$inferInsert, 'id' | 'createdAt' | 'position'>;

/** Key actions of key devices, and the titles users give a device's keys. */
export class KeyActionRepository {
  constructor(private readonly db: Db) {}

  async list(deviceId: string): Promise<KeyActionRow[]> {
    return this.db
      .select()
      .from(keyActions)
      .where(eq(keyActions.deviceId, deviceId))
      .orderBy(asc(keyActions.position), asc(keyActions.createdAt));
  }

  async forPress(deviceId: string, keyIndex: number, pressType: 'tap' | 'hold'): Promise<KeyActionRow[]> {
    return this.db
      .select()
      .from(keyActions)
      .where(
        and(
          eq(keyActions.deviceId, deviceId),
          eq(keyActions.keyIndex, keyIndex),
          eq(keyActions.pressType, pressType),
        ),
      )
      .orderBy(asc(keyActions.position), asc(keyActions.createdAt));
  }

  async get(deviceId: string, id: string): Promise<KeyActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(keyActions)
      .where(and(eq(keyActions.id, id), eq(keyActions.deviceId, deviceId)))
      .limit(1);
    return row;
  }

  /** Appended at the end of the device's list. */
  async insert(row: KeyActionInsert): Promise<KeyActionRow> {
    const [saved] = await this.db
      .insert(keyActions)
      .values({
        ...row,
        position: sql`(select coalesce(max(${keyActions.position}) + 1, 0) from ${keyActions} where ${keyActions.deviceId} = ${row.deviceId})`,
      })
      .returning();
    if (!saved) throw new Error('key action not saved');
    return saved;
  }

  async update(id: string, row: KeyActionInsert): Promise<KeyActionRow> {
    const [saved] = await this.db.update(keyActions).set(row).where(eq(keyActions.id, id)).returning();
    if (!saved) throw new Error('key action not saved');
    return saved;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(keyActions).where(eq(keyActions.id, id));
  }

  async reorder(deviceId: string, ids: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [i, id] of ids.entries())
        await tx
          .update(keyActions)
          .set({ position: i })
          .where(and(eq(keyActions.id, id), eq(keyActions.deviceId, deviceId)));
    });
  }

  /** Names of scenarios and labels of devices that key actions point to. */
  async names(
    scenarioIds: string[],
    deviceIds: string[],
  ): Promise<{ scenarios: Map<string, string>; devices: Map<string, string> }> {
    const s = scenarioIds.length
      ? await this.db
          .select({ id: automations.id, name: automations.name })
          .from(automations)
          .where(inArray(automations.id, scenarioIds))
      : [];
    const d = deviceIds.length
      ? await this.db
          .select({ id: devices.id, label: devices.label })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
      : [];
    return {
      scenarios: new Map(s.map((r) => [r.id, r.name])),
      devices: new Map(d.map((r) => [r.id, r.label])),
    };
  }

  // Key labels
  async labels(deviceId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ key: keyLabels.key, title: keyLabels.title })
      .from(keyLabels)
      .where(eq(keyLabels.deviceId, deviceId));
    return new Map(rows.map((r) => [r.key, r.title]));
  }

  /** Set titles; an empty title removes the key's title. */
  async setLabels(deviceId: string, labels: Array<{ key: string; title: string }>): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const { key, title } of labels) {
        if (title === '')
          await tx.delete(keyLabels).where(and(eq(keyLabels.deviceId, deviceId), eq(keyLabels.key, key)));
        else
          await tx
            .insert(keyLabels)
            .values({ deviceId, key, title })
            .onConflictDoUpdate({
              target: [keyLabels.deviceId, keyLabels.key],
              set: { title, updatedAt: new Date() },
            });
      }
    });
  }
}
