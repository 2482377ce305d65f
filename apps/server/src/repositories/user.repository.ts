import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function userRepository(db: Db) {
  return {
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(users.email, username.toLowerCase()), eq(users.mobile, username)))
        .limit(1);
      return row;
    },
    async create(input: {
      email?: string;
      mobile?: string;
      passwordHash: string;
      firstName?: string;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email?.toLowerCase() ?? null,
          mobile: input.mobile ?? null,
          passwordHash: input.passwordHash,
          firstName: input.firstName ?? '',
        })
        .returning();
      if (!row) throw new Error('insert returned no user');
      return row;
    },
    async createSession(input: {
      userId: string;
      refreshHash: string;
      userAgent: string;
      ip: string;
    }): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(input).returning();
      if (!row) throw new Error('insert returned no session');
      return row;
    },
    /** The session and its user, when the session is live. */
    async activeSession(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .limit(1);
      return row;
    },
    async touchSession(sessionId: string): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
