import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { profileImages } from '../../db/schema.ts';

export class ProfileImageRepository {
  constructor(private readonly db: Db) {}

  async put(userId: string, mime: string, data: Buffer): Promise<Date> {
    const [row] = await this.db
      .insert(profileImages)
      .values({ userId, mime, data })
      .onConflictDoUpdate({ target: profileImages.userId, set: { mime, data, updatedAt: sql`now()` } })
      .returning({ updatedAt: profileImages.updatedAt });
    return row?.updatedAt ?? new Date();
  }

  async get(userId: string): Promise<{ mime: string; data: Buffer; updatedAt: Date } | undefined> {
    const [row] = await this.db.select().from(profileImages).where(eq(profileImages.userId, userId)).limit(1);
    return row;
  }
}
