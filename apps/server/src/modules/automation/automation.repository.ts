import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { automations, jobs, notifications, runs, schedules } from '../../db/schema.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
export type AutomationRow = typeof automations.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type RunRow = typeof runs.$inferSelect;

const KEEP_RUNS = 100;

export class AutomationRepository {
  constructor(private readonly db: Db) {}

  // Schedules and timers
  async saveSchedule(row: typeof schedules.$inferInsert & { id?: string }): Promise<ScheduleRow> {
    const [saved] = row.id
      ? await this.db.update(schedules).set(row).where(eq(schedules.id, row.id)).returning()
      : await this.db.insert(schedules).values(row).returning();
    if (!saved) throw new Error('schedule not saved');
    return saved;
  }

  async schedule(id: string): Promise<ScheduleRow | undefined> {
    const [row] = await this.db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
    return row;
  }

  async schedules(
    ownerId: string,
    filter: { kind?: 'schedule' | 'timer'; deviceId?: string; scenarioId?: string },
  ): Promise<ScheduleRow[]> {
    const c = [eq(schedules.ownerId, ownerId)];
    if (filter.kind) c.push(eq(schedules.kind, filter.kind));
    if (filter.deviceId) c.push(eq(schedules.deviceId, filter.deviceId));
    if (filter.scenarioId) c.push(eq(schedules.scenarioId, filter.scenarioId));
    return this.db
      .select()
      .from(schedules)
      .where(and(...c))
      .orderBy(asc(schedules.createdAt));
  }

  /** Device schedules and timers of the device, not yet paused. */
  async schedulesOnDevice(deviceId: string): Promise<ScheduleRow[]> {
    return this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.deviceId, deviceId), isNull(schedules.pausedReason)));
  }

  /**
   * Switch a schedule or timer off, with no pending occurrence, because its owner may no longer
   * control its device (docs/decisions/018). Undefined when it already carried a reason.
   */
  async pauseSchedule(id: string, reason: unknown): Promise<ScheduleRow | undefined> {
    const [row] = await this.db
      .update(schedules)
      .set({ isActive: false, nextRunAt: null, pausedReason: reason })
      .where(and(eq(schedules.id, id), isNull(schedules.pausedReason)))
      .returning();
    if (row)
      await this.db
        .delete(jobs)
        .where(and(eq(jobs.kind, 'schedule'), eq(jobs.refId, id), isNull(jobs.doneAt)));
    return row;
  }

  async deleteSchedule(id: string): Promise<void> {
    await this.db.delete(schedules).where(eq(schedules.id, id));
    await this.db.delete(jobs).where(and(eq(jobs.kind, 'schedule'), eq(jobs.refId, id), isNull(jobs.doneAt)));
  }

  // Automations and scenarios
  async saveAutomation(row: typeof automations.$inferInsert & { id?: string }): Promise<AutomationRow> {
    const [saved] = row.id
      ? await this.db.update(automations).set(row).where(eq(automations.id, row.id)).returning()
      : await this.db.insert(automations).values(row).returning();
    if (!saved) throw new Error('automation not saved');
    return saved;
  }

  async automation(id: string): Promise<AutomationRow | undefined> {
    const [row] = await this.db.select().from(automations).where(eq(automations.id, id)).limit(1);
    return row;
  }

  async automations(ownerId: string, type?: 'automation' | 'scenario'): Promise<AutomationRow[]> {
    const c = [eq(automations.ownerId, ownerId)];
    if (type) c.push(eq(automations.type, type));
    return this.db
      .select()
      .from(automations)
      .where(and(...c))
      .orderBy(asc(automations.position), asc(automations.createdAt));
  }

  /** Active automations whose conditions mention the device (the DeviceParam trigger index). */
  async activeAutomationsOnDevice(deviceId: string): Promise<AutomationRow[]> {
    return this.db
      .select()
      .from(automations)
      .where(
        and(
          eq(automations.isActive, true),
          eq(automations.type, 'automation'),
          sql`${automations.conditions} @> ${JSON.stringify([{ deviceId }])}::jsonb`,
        ),
      );
  }

  /** Devices named in the conditions of active automations. */
  async watchedDevices(): Promise<Set<string>> {
    const rows = await this.db
      .select({ conditions: automations.conditions })
      .from(automations)
      .where(and(eq(automations.isActive, true), eq(automations.type, 'automation')));
    const ids = new Set<string>();
    for (const r of rows)
      for (const c of r.conditions as Array<{ deviceId?: string | null }>)
        if (c.deviceId) ids.add(c.deviceId);
    return ids;
  }

  /**
   * Switch an automation or scenario off because its owner lost access to a device it needs
   * (docs/decisions/018). Undefined when it already carried a reason (another instance got there).
   */
  async pauseAutomation(id: string, reason: unknown): Promise<AutomationRow | undefined> {
    const [row] = await this.db
      .update(automations)
      .set({ isActive: false, pausedReason: reason })
      .where(and(eq(automations.id, id), isNull(automations.pausedReason)))
      .returning();
    return row;
  }

  /** Automations and scenarios, not yet paused, that name the device in a condition or a command. */
  async automationsUsing(deviceId: string): Promise<AutomationRow[]> {
    const named = JSON.stringify([{ deviceId }]);
    return this.db
      .select()
      .from(automations)
      .where(
        and(
          isNull(automations.pausedReason),
          or(
            sql`${automations.conditions} @> ${named}::jsonb`,
            sql`${automations.commands} @> ${named}::jsonb`,
          ),
        ),
      );
  }

  async deleteAutomation(id: string): Promise<void> {
    await this.db.delete(automations).where(eq(automations.id, id));
  }

  /** The owner's active automations with a condition of this type (Location, Weather). */
  async activeWithCondition(ownerId: string, conditionType: number): Promise<AutomationRow[]> {
    return this.db
      .select()
      .from(automations)
      .where(
        and(
          eq(automations.ownerId, ownerId),
          eq(automations.isActive, true),
          eq(automations.type, 'automation'),
          sql`${automations.conditions} @> ${JSON.stringify([{ conditionType }])}::jsonb`,
        ),
      );
  }

  async reorder(ownerId: string, ids: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [i, id] of ids.entries()) {
        await tx
          .update(automations)
          .set({ position: i })
          .where(and(eq(automations.id, id), eq(automations.ownerId, ownerId)));
      }
    });
  }

  // Jobs
  async enqueue(job: {
    kind: JobRow['kind'];
    refId: string;
    runAt: number;
    payload?: unknown;
  }): Promise<void> {
    await this.db
      .insert(jobs)
      .values({ ...job, payload: job.payload ?? null })
      .onConflictDoNothing();
  }

  /** Claim up to `limit` due jobs for `ttlMs`: rows locked by another claimer are skipped, expired leases retaken. */
  async claim(worker: string, now: number, ttlMs: number, limit: number): Promise<JobRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            lte(jobs.runAt, now),
            or(isNull(jobs.claimedUntil), lte(jobs.claimedUntil, now)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({ claimedBy: worker, claimedUntil: now + ttlMs })
        .where(
          inArray(
            jobs.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /**
   * Extend `worker`'s lease on a job it claimed, just before running it. False when the lease ran
   * out meanwhile and another claimer took the job (or it is done or gone): then it is not run here.
   */
  async renewClaim(jobId: string, worker: string, until: number): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ claimedUntil: until })
      .where(and(eq(jobs.id, jobId), eq(jobs.claimedBy, worker), isNull(jobs.doneAt)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async finish(jobId: string, now: number): Promise<void> {
    await this.db.update(jobs).set({ doneAt: now }).where(eq(jobs.id, jobId));
  }

  async dropPendingJobs(kind: JobRow['kind'], refId: string): Promise<void> {
    await this.db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.refId, refId), isNull(jobs.doneAt)));
  }

  // Runs
  /** Start a run for an occurrence; undefined when that occurrence was already recorded. */
  async startRun(row: typeof runs.$inferInsert): Promise<RunRow | undefined> {
    const [created] = await this.db.insert(runs).values(row).onConflictDoNothing().returning();
    if (created) {
      // Keep the last KEEP_RUNS runs of each source.
      await this.db.execute(
        sql`delete from runs where source_id = ${row.sourceId} and id not in (select id from runs where source_id = ${row.sourceId} order by started_at desc limit ${KEEP_RUNS})`,
      );
    }
    return created;
  }

  async updateRun(
    id: string,
    patch: Partial<Pick<RunRow, 'status' | 'actions' | 'finishedAt'>>,
  ): Promise<void> {
    await this.db.update(runs).set(patch).where(eq(runs.id, id));
  }

  /** Replace a run's actions only if they are still `expected` (compare-and-set); false when they changed. */
  async swapRunActions(
    id: string,
    expected: unknown,
    actions: unknown,
    patch: Partial<Pick<RunRow, 'status' | 'finishedAt'>>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(runs)
      .set({ actions, ...patch })
      .where(and(eq(runs.id, id), sql`${runs.actions} = ${JSON.stringify(expected)}::jsonb`))
      .returning({ id: runs.id });
    return rows.length > 0;
  }

  async runByOccurrence(occurrence: string): Promise<RunRow | undefined> {
    const [row] = await this.db.select().from(runs).where(eq(runs.occurrence, occurrence)).limit(1);
    return row;
  }

  async run(id: string): Promise<RunRow | undefined> {
    const [row] = await this.db.select().from(runs).where(eq(runs.id, id)).limit(1);
    return row;
  }

  async runs(sourceId: string): Promise<RunRow[]> {
    return this.db
      .select()
      .from(runs)
      .where(eq(runs.sourceId, sourceId))
      .orderBy(desc(runs.startedAt))
      .limit(KEEP_RUNS);
  }

  async countRuns(occurrencePrefix: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(runs)
      .where(sql`${runs.occurrence} like ${`${occurrencePrefix}%`}`);
    return row?.n ?? 0;
  }

  // Notifications: without a notification module (tests of automations alone), stored only.
  async notify(userId: string, name: string, message: string): Promise<void> {
    await this.db.insert(notifications).values({ userId, name, message });
  }
}
