import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { firmwarePackages } from '../../db/schema.ts';

export type FirmwarePackageRow = typeof firmwarePackages.$inferSelect;
/** A package without its bytes. */
export type FirmwarePackageInfo = Omit<FirmwarePackageRow, 'data'>;

const info = {
  id: firmwarePackages.id,
  profileId: firmwarePackages.profileId,
  title: firmwarePackages.title,
  version: firmwarePackages.version,
  size: firmwarePackages.size,
  checksum: firmwarePackages.checksum,
  createdAt: firmwarePackages.createdAt,
};

/** The firmware packages the operator stored, per device model. */
export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  /** Stores a package; undefined when the model already has this version (nothing stored). */
  async add(row: Omit<FirmwarePackageRow, 'id' | 'createdAt'>): Promise<FirmwarePackageInfo | undefined> {
    const [created] = await this.db
      .insert(firmwarePackages)
      .values(row)
      .onConflictDoNothing()
      .returning(info);
    return created;
  }

  /** A model's packages without their bytes, newest first (or every model's). */
  list(profileId?: string): Promise<FirmwarePackageInfo[]> {
    const q = this.db.select(info).from(firmwarePackages);
    return (profileId ? q.where(eq(firmwarePackages.profileId, profileId)) : q).orderBy(
      firmwarePackages.profileId,
      desc(firmwarePackages.createdAt),
    );
  }

  /** One version of a model's package, with its bytes. */
  async get(profileId: string, version: string): Promise<FirmwarePackageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(firmwarePackages)
      .where(and(eq(firmwarePackages.profileId, profileId), eq(firmwarePackages.version, version)))
      .limit(1);
    return row;
  }
}
