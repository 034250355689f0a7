import { sql } from 'drizzle-orm';
import { NOTICE_EVENT_INFO, type NoticeEvent } from '../../lib/notices';
import { doubling, type JobKind } from '../jobs/kind';
import { enqueue } from '../jobs/queue';
import { tellOfNotice } from '../sync/poke';
import { rows } from '../sync/records';
import { composeNotices } from './compose';
import { NOTICE_JOB, type PostedCause } from './post';
import { preferenceOf, unsubscribeToken } from './store';

// Delivering a notice: the notice job stores each person's notice for the bell (once: its id is
// the cause's and the person's) and, for those who chose mail while SMTP_URL is set, adds one
// mail job each, so a refused mail is retried alone. No step holds a transaction while it
// talks to the mail server.

export const NOTICE_MAIL_JOB = 'notice-mail';

/** The notice job: who hears of a cause, in the app and by mail. */
export const noticeJob: JobKind = {
  backoffMs: doubling(30_000, 10 * 60_000),
  run: async (payload, deps) => {
    const cause = payload as PostedCause;
    for (const notice of await composeNotices(deps.db, cause, deps.now())) {
      const { channel } = await preferenceOf(deps.db, notice.userId, cause.event);
      if (channel === 'off') continue;
      const id = `${cause.id}:${notice.userId}`;
      const stored = await rows<{ id: string }>(
        deps.db,
        sql`INSERT INTO notices (id, user_id, workspace_id, event, title, body, path, created_at)
          VALUES (${id}, ${notice.userId}, ${notice.workspaceId}, ${cause.event}, ${notice.title},
            ${notice.body}, ${notice.path}, ${deps.now().toISOString()})
          ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      // Their open screens hear of it now (their bell reads its notices again).
      if (stored.length > 0) await tellOfNotice(deps.db, notice.userId);
      if (channel === 'mail' && deps.mailer.enabled)
        await enqueue(deps.db, {
          key: `${NOTICE_MAIL_JOB}:${id}`,
          kind: NOTICE_MAIL_JOB,
          payload: { noticeId: id },
          runAt: new Date(0),
          maxAttempts: 8,
        });
    }
    return 'done';
  },
};

/** The link that stops one event's mails, as mails carry it (PUBLIC_URL only). */
export const unsubscribeUrl = (appUrl: URL, token: string) =>
  new URL(`/user/unsubscribe?token=${encodeURIComponent(token)}`, appUrl).toString();

/** One notice mailed: its words, a link into the app, and one-click unsubscribe (RFC 8058). */
export const noticeMailJob: JobKind = {
  backoffMs: doubling(30_000, 30 * 60_000),
  run: async (payload, deps) => {
    const { noticeId } = payload as { noticeId?: unknown };
    if (typeof noticeId !== 'string') return 'done';
    const [notice] = await rows<{
      user_id: string;
      event: NoticeEvent;
      title: string;
      body: string;
      path: string;
      email: string;
    }>(
      deps.db,
      sql`SELECT n.user_id, n.event, n.title, n.body, n.path, u.email
        FROM notices n JOIN users u ON u.id = n.user_id WHERE n.id = ${noticeId}`,
    );
    // The notice or the account is gone, or the person turned mail off since: nothing to send.
    if (!notice) return 'done';
    if ((await preferenceOf(deps.db, notice.user_id, notice.event)).channel !== 'mail')
      return 'done';
    const stop = unsubscribeUrl(
      deps.appUrl,
      await unsubscribeToken(deps.db, notice.user_id, notice.event, deps.now()),
    );
    const open = new URL(notice.path || '/', deps.appUrl).toString();
    const settings = new URL('/accountSetting#notices', deps.appUrl).toString();
    const outcome = await deps.mailer.send({
      to: notice.email,
      subject: notice.title,
      text: [
        notice.title,
        '',
        notice.body,
        '',
        `Open Hourmark: ${open}`,
        '',
        `You get this mail for "${NOTICE_EVENT_INFO[notice.event].label}". Choose what you hear about: ${settings}`,
        `Stop these mails: ${stop}`,
      ].join('\n'),
      headers: {
        'List-Unsubscribe': `<${stop}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return outcome === 'sent' ? 'done' : { retry: 'The mail server refused it' };
  },
};

export { NOTICE_JOB };
