import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { devices, shares, users } from '../../db/schema.ts';

export type ShareRow = typeof shares.$inferSelect;
export type ShareWithNames = ShareRow & {
  deviceLabel: string;
  user: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    mobile: string | null;
  } | null;
};

export class ShareRepository {
  constructor(private readonly db: Db) {}

  async create(input: typeof shares.$inferInsert): Promise<ShareRow> {
    const [row] = await this.db.insert(shares).values(input).returning();
    if (!row) throw new Error('insert returned no share');
    return row;
  }

  async get(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.id, id)).limit(1);
    return row;
  }

  async byTokenHash(hash: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.tokenHash, hash)).limit(1);
    return row;
  }

  async update(
    id: string,
    patch: Partial<Pick<ShareRow, 'scope' | 'expiresAt' | 'deletedAt'>>,
  ): Promise<void> {
    await this.db.update(shares).set(patch).where(eq(shares.id, id));
  }

  /** Accept a share: the first user to finalize it takes it; any older share of theirs for the device ends. */
  async activate(share: ShareRow, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const taken = await tx
        .update(shares)
        .set({ userId, activatedAt: sql`now()` })
        .where(and(eq(shares.id, share.id), isNull(shares.userId), isNull(shares.deletedAt)))
        .returning({ id: shares.id });
      if (taken.length === 0) return false;
      await tx
        .update(shares)
        .set({ deletedAt: sql`now()` })
        .where(
          and(
            eq(shares.deviceId, share.deviceId),
            eq(shares.userId, userId),
            isNull(shares.deletedAt),
            sql`${shares.id} <> ${share.id}`,
          ),
        );
      return true;
    });
  }

  /** End the user's live shares of a device (a shared user removing it from their list). */
  async leave(userId: string, deviceId: string): Promise<void> {
    await this.db
      .update(shares)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(shares.userId, userId), eq(shares.deviceId, deviceId), isNull(shares.deletedAt)));
  }

  /** Every share of the owner's devices (optionally one device), newest first. */
  async listForOwner(ownerId: string, deviceId?: string): Promise<ShareWithNames[]> {
    const conditions = [eq(shares.ownerId, ownerId)];
    if (deviceId) conditions.push(eq(shares.deviceId, deviceId));
    const rows = await this.db
      .select({ share: shares, deviceLabel: devices.label, user: users })
      .from(shares)
      .innerJoin(devices, eq(devices.id, shares.deviceId))
      .leftJoin(users, eq(users.id, shares.userId))
      .where(and(...conditions))
      .orderBy(desc(shares.requestedAt));
    return rows.map((r) => ({
      ...r.share,
      deviceLabel: r.deviceLabel,
      user: r.user && {
        id: r.user.id,
        firstName: r.user.firstName,
        lastName: r.user.lastName,
        email: r.user.email,
        mobile: r.user.mobile,
      },
    }));
  }

  async usersOf(deviceIds: string[]): Promise<string[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ userId: shares.userId })
      .from(shares)
      .where(inArray(shares.deviceId, deviceIds));
    return rows.flatMap((r) => (r.userId ? [r.userId] : []));
  }

  /** Every share of a device with its user's name and email, revoked ones too (for reports). */
  history(deviceId: string) {
    return this.db
      .select({
        userId: shares.userId,
        requestedAt: shares.requestedAt,
        activatedAt: shares.activatedAt,
        deletedAt: shares.deletedAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(shares)
      .leftJoin(users, eq(users.id, shares.userId))
      .where(eq(shares.deviceId, deviceId));
  }
}
