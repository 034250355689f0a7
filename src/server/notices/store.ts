import { sql } from 'drizzle-orm';
import {
  DEFAULT_NOTHING_TRACKED_HOUR,
  NOTICE_EVENT_INFO,
  NOTICE_EVENTS,
  type Notice,
  type NoticeChannel,
  type NoticeEvent,
  type NoticePreference,
} from '../../lib/notices';
import { newToken, secretMatches, splitToken } from '../auth/secret-tokens';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { noticePreferences, notices, unsubscribeLinks } from '../db/schema';
import { rows, type Runner } from '../sync/records';

// A person's notices, their read state and their settings: each person's own, not a
// workspace's data, so none of it goes through the workspace commit.

/** The newest notices the bell shows. */
export const NOTICES_SHOWN = 50;

/** A person's newest notices and how many of all their notices are unread. */
export async function noticesOf(
  db: Db,
  userId: string,
): Promise<{ notices: Notice[]; unread: number }> {
  const listed = await rows<
    RawRow<typeof notices, 'id' | 'event' | 'title' | 'body' | 'path' | 'createdAt' | 'readAt'>
  >(
    db,
    sql`SELECT id, event, title, body, path, created_at, read_at FROM notices
      WHERE user_id = ${userId} ORDER BY created_at DESC, id LIMIT ${NOTICES_SHOWN}`,
  );
  const [count] = await rows<{ unread: number | string }>(
    db,
    sql`SELECT count(*) AS unread FROM notices WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return {
    notices: listed.map((n) => ({
      id: n.id,
      event: n.event,
      title: n.title,
      body: n.body,
      path: n.path,
      createdAt: new Date(n.created_at).toISOString(),
      read: n.read_at !== null,
    })),
    unread: Number(count?.unread ?? 0),
  };
}

/** Marks the person's notices `ids` (or all of them) read; others' ids change nothing. */
export async function markRead(db: Db, userId: string, ids: string[] | 'all', now: Date) {
  if (ids !== 'all' && ids.length === 0) return;
  const which =
    ids === 'all'
      ? sql``
      : sql` AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  await db.execute(
    sql`UPDATE notices SET read_at = ${now.toISOString()}
      WHERE user_id = ${userId} AND read_at IS NULL${which}`,
  );
}

/** Every event's setting for the person: what they chose, else the event's default. */
export async function preferencesOf(db: Runner, userId: string): Promise<NoticePreference[]> {
  const chosen = await rows<RawRow<typeof noticePreferences, 'event' | 'channel' | 'hour'>>(
    db,
    sql`SELECT event, channel, hour FROM notice_preferences WHERE user_id = ${userId}`,
  );
  return NOTICE_EVENTS.map((event) => {
    const row = chosen.find((c) => c.event === event);
    const hour = row?.hour ?? null;
    return {
      event,
      channel: row?.channel ?? NOTICE_EVENT_INFO[event].channel,
      hour:
        event === 'nothing-tracked'
          ? hour === null
            ? DEFAULT_NOTHING_TRACKED_HOUR
            : Number(hour)
          : null,
    };
  });
}

/** One event's setting for the person. */
export async function preferenceOf(db: Runner, userId: string, event: NoticeEvent) {
  const all = await preferencesOf(db, userId);
  return all.find((p) => p.event === event) ?? { event, channel: 'off' as const, hour: null };
}

/** Saves one event's setting (an hour given only for 'nothing-tracked' is kept). */
export async function savePreference(
  db: Runner,
  userId: string,
  pref: { event: NoticeEvent; channel: NoticeChannel; hour?: number | null | undefined },
) {
  const hour = pref.event === 'nothing-tracked' ? (pref.hour ?? null) : null;
  await db.execute(
    sql`INSERT INTO notice_preferences (user_id, event, channel, hour)
      VALUES (${userId}, ${pref.event}, ${pref.channel}, ${hour})
      ON CONFLICT (user_id, event) DO UPDATE SET channel = excluded.channel,
        hour = coalesce(excluded.hour, notice_preferences.hour)`,
  );
}

/** How long a mail's unsubscribe link works. */
const UNSUBSCRIBE_DAYS = 365;

/** A new one-click unsubscribe token for the person's mails about `event`. */
export async function unsubscribeToken(db: Db, userId: string, event: NoticeEvent, now: Date) {
  const token = newToken();
  await db.execute(
    sql`INSERT INTO unsubscribe_links (id, user_id, event, secret_hash, created_at)
      VALUES (${token.handle}, ${userId}, ${event}, ${token.secretHash}, ${now.toISOString()})`,
  );
  // Links older than a year stop working and go.
  await db.execute(
    sql`DELETE FROM unsubscribe_links
      WHERE created_at < ${new Date(now.getTime() - UNSUBSCRIBE_DAYS * 86_400_000).toISOString()}`,
  );
  return token.token;
}

/**
 * Stops the mails an unsubscribe token is for (the event stays in the app); the event it
 * stopped, or null for a token that is not one of ours or has expired.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<NoticeEvent | null> {
  const parts = splitToken(token);
  if (!parts) return null;
  const [link] = await rows<
    RawRow<typeof unsubscribeLinks, 'userId' | 'event' | 'secretHash' | 'createdAt'>
  >(
    db,
    sql`SELECT user_id, event, secret_hash, created_at FROM unsubscribe_links WHERE id = ${parts.handle}`,
  );
  if (!link || !secretMatches(parts.secret, link.secret_hash)) return null;
  if (new Date(link.created_at).getTime() < now.getTime() - UNSUBSCRIBE_DAYS * 86_400_000)
    return null;
  const current = await preferenceOf(db, link.user_id, link.event);
  if (current.channel === 'mail')
    await savePreference(db, link.user_id, { event: link.event, channel: 'app' });
  return link.event;
}
