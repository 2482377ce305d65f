import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { serverSettings } from '../../db/schema.ts';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** Read `key`, or store `make()` when absent; every instance ends with the same value. */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db.insert(serverSettings).values({ key, value: make() }).onConflictDoNothing();
    const [row] = await this.db.select().from(serverSettings).where(eq(serverSettings.key, key));
    if (!row) throw new Error(`setting ${key} missing after insert`);
    return row.value;
  }
}
