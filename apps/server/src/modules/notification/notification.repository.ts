import type { NotificationData, NotificationKind } from '@hestia/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notifications } from '../../db/schema/automation.ts';
import { notificationSettings, pushSubscriptions } from '../../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The inbox, each owner's muted kinds per device, and the browsers' push subscriptions. */
export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async insert(row: {
    userId: string;
    name: string;
    message: string;
    kind: NotificationKind;
    deviceId: string | null;
    data: NotificationData;
  }): Promise<NotificationRow> {
    const [saved] = await this.db.insert(notifications).values(row).returning();
    if (!saved) throw new Error('notification not saved');
    return saved;
  }

  /** Newest first, a page at a time, optionally only the read or the unread ones. */
  async list(
    userId: string,
    q: { status?: 'read' | 'unread' | undefined; page_index: number; page_size: number },
  ): Promise<NotificationRow[]> {
    const c = [eq(notifications.userId, userId)];
    if (q.status === 'unread') c.push(isNull(notifications.seenAt));
    if (q.status === 'read') c.push(sql`${notifications.seenAt} is not null`);
    return this.db
      .select()
      .from(notifications)
      .where(and(...c))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.page_size)
      .offset(q.page_index * q.page_size);
  }

  async get(userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .limit(1);
    return row;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return gone.length > 0;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)));
    return row?.n ?? 0;
  }

  /** Marks one (by id) or every unread notification of the user seen; returns how many changed. */
  async markSeen(userId: string, id?: string): Promise<number> {
    const c = [eq(notifications.userId, userId), isNull(notifications.seenAt)];
    if (id) c.push(eq(notifications.id, id));
    const changed = await this.db
      .update(notifications)
      .set({ seenAt: sql`now()` })
      .where(and(...c))
      .returning({ id: notifications.id });
    return changed.length;
  }

  async muted(userId: string, deviceId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ muted: notificationSettings.muted })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.deviceId, deviceId)))
      .limit(1);
    return row?.muted ?? [];
  }

  async setMuted(userId: string, deviceId: string, muted: string[]): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ userId, deviceId, muted })
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.deviceId],
        set: { muted },
      });
  }

  async subscriptions(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** One subscription per user and identifier: registering again replaces the endpoint and keys. */
  async subscribe(row: {
    userId: string;
    identifier: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    language: string;
  }): Promise<void> {
    const { userId, identifier, ...rest } = row;
    await this.db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: [pushSubscriptions.userId, pushSubscriptions.identifier], set: rest });
  }

  /** The user's subscription from one browser (its hashed client id), if any. */
  async removeBrowser(userId: string, identifier: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.identifier, identifier)));
  }

  async removeSubscription(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }
}
