import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { voiceCommands, voiceRecordings } from '../../db/schema.ts';

export type CommandRow = typeof voiceCommands.$inferSelect;
export type NewCommand = Omit<typeof voiceCommands.$inferInsert, 'id' | 'createdAt'>;

/** A recording without its bytes: what lists and matching need. */
export interface RecordingInfo {
  id: string;
  commandId: string | null;
  durationMs: number;
  createdAt: Date;
}

const info = {
  id: voiceRecordings.id,
  commandId: voiceRecordings.commandId,
  durationMs: voiceRecordings.durationMs,
  createdAt: voiceRecordings.createdAt,
};

/** Voice commands and recordings (decision 047); every read names the user it belongs to. */
export class VoiceRepository {
  constructor(private readonly db: Db) {}

  async commands(userId: string, deviceId?: string): Promise<CommandRow[]> {
    return this.db
      .select()
      .from(voiceCommands)
      .where(
        and(eq(voiceCommands.userId, userId), deviceId ? eq(voiceCommands.deviceId, deviceId) : undefined),
      )
      .orderBy(asc(voiceCommands.createdAt), asc(voiceCommands.id));
  }

  async commandBySequence(userId: string, sequence: string): Promise<CommandRow | undefined> {
    const [row] = await this.db
      .select()
      .from(voiceCommands)
      .where(and(eq(voiceCommands.userId, userId), eq(voiceCommands.sequence, sequence)))
      .limit(1);
    return row;
  }

  async countCommands(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(voiceCommands)
      .where(eq(voiceCommands.userId, userId));
    return row?.n ?? 0;
  }

  /** Insert the command, or replace the target of the user's command of the same sequence. */
  async upsertCommand(values: NewCommand): Promise<CommandRow> {
    const { name, targetType, automationId, deviceId } = values;
    const [row] = await this.db
      .insert(voiceCommands)
      .values(values)
      .onConflictDoUpdate({
        target: [voiceCommands.userId, voiceCommands.sequence],
        set: { name, targetType, automationId, deviceId, values: values.values ?? null },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  }

  /** Delete the user's commands acting on the device (their samples go with them); how many. */
  async deleteForDevice(userId: string, deviceId: string): Promise<number> {
    const rows = await this.db
      .delete(voiceCommands)
      .where(and(eq(voiceCommands.userId, userId), eq(voiceCommands.deviceId, deviceId)))
      .returning({ id: voiceCommands.id });
    return rows.length;
  }

  /** One of the user's commands (its samples go with it); 0 when it is not theirs or not there. */
  async deleteCommand(userId: string, id: string): Promise<number> {
    const rows = await this.db
      .delete(voiceCommands)
      .where(and(eq(voiceCommands.userId, userId), eq(voiceCommands.id, id)))
      .returning({ id: voiceCommands.id });
    return rows.length;
  }

  async samplesOf(userId: string, commandIds: string[]): Promise<RecordingInfo[]> {
    if (commandIds.length === 0) return [];
    return this.db
      .select(info)
      .from(voiceRecordings)
      .where(and(eq(voiceRecordings.userId, userId), inArray(voiceRecordings.commandId, commandIds)))
      .orderBy(asc(voiceRecordings.createdAt), asc(voiceRecordings.id));
  }

  /** Every sample of the user's commands with its features, for matching. */
  async templates(userId: string): Promise<Array<{ commandId: string; features: Buffer }>> {
    const rows = await this.db
      .select({ commandId: voiceRecordings.commandId, features: voiceRecordings.features })
      .from(voiceRecordings)
      .where(and(eq(voiceRecordings.userId, userId), sql`${voiceRecordings.commandId} is not null`));
    return rows.flatMap((r) => (r.commandId ? [{ commandId: r.commandId, features: r.features }] : []));
  }

  async addRecording(
    userId: string,
    durationMs: number,
    data: Buffer,
    features: Buffer,
  ): Promise<RecordingInfo> {
    const [row] = await this.db
      .insert(voiceRecordings)
      .values({ userId, durationMs, data, features })
      .returning(info);
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Keep the user's newest `keep` cached uploads, delete the rest. */
  async trimCache(userId: string, keep: number): Promise<void> {
    await this.db.execute(sql`
      delete from voice_recordings where id in (
        select id from voice_recordings where user_id = ${userId} and command_id is null
        order by created_at desc, id desc offset ${keep})`);
  }

  async deleteCache(userId: string): Promise<number> {
    const rows = await this.db
      .delete(voiceRecordings)
      .where(and(eq(voiceRecordings.userId, userId), isNull(voiceRecordings.commandId)))
      .returning({ id: voiceRecordings.id });
    return rows.length;
  }

  /** The user's cached uploads among `ids` (others' and samples already given are left out). */
  async cached(userId: string, ids: string[]): Promise<RecordingInfo[]> {
    return this.db
      .select(info)
      .from(voiceRecordings)
      .where(
        and(
          eq(voiceRecordings.userId, userId),
          isNull(voiceRecordings.commandId),
          inArray(voiceRecordings.id, ids),
        ),
      );
  }

  async attach(userId: string, ids: string[], commandId: string): Promise<void> {
    await this.db
      .update(voiceRecordings)
      .set({ commandId })
      .where(and(eq(voiceRecordings.userId, userId), inArray(voiceRecordings.id, ids)));
  }

  /** The bytes of one of the user's recordings; another user's is as missing as none. */
  async file(userId: string, id: string): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ data: voiceRecordings.data })
      .from(voiceRecordings)
      .where(and(eq(voiceRecordings.id, id), eq(voiceRecordings.userId, userId)))
      .limit(1);
    return row?.data;
  }

  /** Every sample of the user's commands with its features (the data set). */
  async sampleFeatures(userId: string): Promise<Array<{ id: string; features: Buffer }>> {
    return this.db
      .select({ id: voiceRecordings.id, features: voiceRecordings.features })
      .from(voiceRecordings)
      .where(and(eq(voiceRecordings.userId, userId), sql`${voiceRecordings.commandId} is not null`));
  }
}
