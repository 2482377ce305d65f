import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, spentRefreshTokens, users, verificationCodes } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type CodePurpose = CodeRow['purpose'];

/** Class of the transaction locks that put codes for one (purpose, target) one at a time. */
const CODE_LOCK = 7275;

/** Codes for (purpose, target) not used yet and not expired at `now`. */
const liveCodeOf = (purpose: CodePurpose, target: string, now: Date) =>
  and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.target, target),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
  );

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, username.toLowerCase()), eq(users.mobile, username)))
      .limit(1);
    return row;
  }

  async get(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async create(input: {
    email?: string | null;
    mobile?: string | null;
    passwordHash: string;
    firstName?: string;
    lastName?: string;
  }): Promise<UserRow> {
    const [row] = await this.db
      .insert(users)
      .values({
        email: input.email?.toLowerCase() ?? null,
        mobile: input.mobile ?? null,
        passwordHash: input.passwordHash,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
      })
      .returning();
    if (!row) throw new Error('insert returned no user');
    return row;
  }

  async update(id: string, patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>): Promise<UserRow> {
    const [row] = await this.db.update(users).set(patch).where(eq(users.id, id)).returning();
    if (!row) throw new Error('user vanished');
    return row;
  }

  async createSession(input: {
    userId: string;
    refreshHash: string;
    userAgent: string;
    ip: string;
  }): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(input).returning();
    if (!row) throw new Error('insert returned no session');
    return row;
  }

  /** The session and its user, when the session is live. */
  async activeSession(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .limit(1);
    return row;
  }

  async sessionByRefreshHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.refreshHash, hash)).limit(1);
    return row;
  }

  async spentToken(hash: string): Promise<{ sessionId: string; spentAt: Date } | undefined> {
    const [row] = await this.db
      .select()
      .from(spentRefreshTokens)
      .where(eq(spentRefreshTokens.hash, hash))
      .limit(1);
    return row;
  }

  /** Swap the session's refresh token, keeping the old hash as spent; false when it was swapped meanwhile. */
  async rotateRefresh(sessionId: string, oldHash: string, newHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(sessions)
        .set({ refreshHash: newHash, lastSeenAt: sql`now()`, online: true })
        .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, oldHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (updated.length === 0) return false;
      await tx.insert(spentRefreshTokens).values({ hash: oldHash, sessionId }).onConflictDoNothing();
      return true;
    });
  }

  async listSessions(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** End sessions; returns the ids ended. `exceptId` keeps one (the caller's own). */
  async revokeSessions(where: { userId: string; sessionId?: string; exceptId?: string }): Promise<string[]> {
    const conditions = [eq(sessions.userId, where.userId), isNull(sessions.revokedAt)];
    if (where.sessionId) conditions.push(eq(sessions.id, where.sessionId));
    if (where.exceptId) conditions.push(ne(sessions.id, where.exceptId));
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, online: false })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** `at`: the server's clock, the one sessions' online window is judged by. */
  async setOnline(sessionId: string, online: boolean, at: Date): Promise<void> {
    await this.db.update(sessions).set({ online, lastSeenAt: at }).where(eq(sessions.id, sessionId));
  }

  /**
   * Store a new code for (purpose, target), retiring any earlier one. One at a time per (purpose,
   * target), under a transaction lock: `payloadFrom` makes the new code's payload from the live
   * code's (a pending sign-up), read and replaced with nothing in between, so two requests at once
   * cannot both take the address for new.
   */
  async putCode(input: {
    purpose: CodePurpose;
    target: string;
    codeHash: string;
    expiresAt: Date;
    payload?: unknown;
    /** The payload made from the live code's (undefined when none is live at `now`). */
    payloadFrom?: { now: Date; make(livePayload: unknown): unknown };
  }): Promise<CodeRow> {
    const { payloadFrom, ...code } = input;
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${CODE_LOCK}, hashtext(${`${input.purpose}:${input.target}`}))`,
      );
      if (payloadFrom) {
        const [live] = await tx
          .select({ payload: verificationCodes.payload })
          .from(verificationCodes)
          .where(
            and(
              eq(verificationCodes.purpose, input.purpose),
              eq(verificationCodes.target, input.target),
              isNull(verificationCodes.consumedAt),
              gt(verificationCodes.expiresAt, payloadFrom.now),
            ),
          )
          .orderBy(desc(verificationCodes.createdAt))
          .limit(1);
        code.payload = payloadFrom.make(live?.payload);
      }
      await tx
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(verificationCodes.purpose, input.purpose),
            eq(verificationCodes.target, input.target),
            isNull(verificationCodes.consumedAt),
          ),
        );
      const [row] = await tx.insert(verificationCodes).values(code).returning();
      if (!row) throw new Error('insert returned no code');
      return row;
    });
  }

  async liveCode(purpose: CodePurpose, target: string, now: Date): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(liveCodeOf(purpose, target, now))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Take one attempt on the newest live code for (purpose, target), atomically: the row comes back
   * (attempts counted) only while it had fewer than `max`, so parallel guesses each count.
   */
  async takeCodeAttempt(
    purpose: CodePurpose,
    target: string,
    now: Date,
    max: number,
  ): Promise<CodeRow | undefined> {
    const newest = this.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(liveCodeOf(purpose, target, now))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          inArray(verificationCodes.id, newest),
          lt(verificationCodes.attempts, max),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .returning();
    return row;
  }

  /** Use a code once: false when it was already used (a race lost). */
  async consumeCode(id: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }
}
