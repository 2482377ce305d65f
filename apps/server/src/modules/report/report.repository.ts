import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reports } from '../../db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;

export class ReportRepository {
  constructor(private readonly db: Db) {}

  async create(input: typeof reports.$inferInsert): Promise<ReportRow> {
    const [row] = await this.db.insert(reports).values(input).returning();
    if (!row) throw new Error('insert returned no report');
    return row;
  }

  async list(deviceId: string, userId: string): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(and(eq(reports.deviceId, deviceId), eq(reports.userId, userId)))
      .orderBy(desc(reports.createdAt))
      .limit(100);
  }

  async get(id: string): Promise<ReportRow | undefined> {
    const [row] = await this.db.select().from(reports).where(eq(reports.id, id)).limit(1);
    return row;
  }
}
