import type { Answer } from '../../lib/contracts/shape';
import type { noticesResponse, unsubscribedResponse } from '../../lib/contracts/notices';
import { z } from 'zod';
import { NOTICE_EVENT_INFO, noticePreferenceBody } from '../../lib/notices';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { markRead, noticesOf, preferencesOf, savePreference, unsubscribe } from '../notices/store';
import type { HandlerContext } from './context';
import { refreshed, signedIn, unauthenticated } from './signed-in';

// The bell's API (issue 31): a person's own notices and settings. Read state and settings are
// the person's, not a workspace's, so these writes change no workspace and poke no one.

/** What the bell shows: the newest notices, the unread count, each event's setting, and whether mail is on. */
async function noticesAnswer(ctx: HandlerContext, userId: string) {
  const { notices, unread } = await noticesOf(ctx.database.db, userId);
  const preferences = await preferencesOf(ctx.database.db, userId);
  return { notices, unread, preferences, mail: ctx.mail.enabled } satisfies Answer<
    typeof noticesResponse
  >;
}

/** GET /user/notices */
export async function handleNotices(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  return json(200, await noticesAnswer(ctx, session.user.id), refreshed(session, request, ctx));
}

const readBody = z.union([
  z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** POST /user/notices/read: `{ ids }` or `{ all: true }`; answers as GET /user/notices. */
export async function handleMarkNoticesRead(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, readBody);
  if (!body.ok) return body.response;
  const ids = 'all' in body.value ? 'all' : body.value.ids;
  await markRead(ctx.database.db, session.user.id, ids, ctx.now());
  return json(200, await noticesAnswer(ctx, session.user.id));
}

/** POST /user/notices/preferences: one event's channel (and the reminder's hour). */
export async function handleSaveNoticePreference(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, noticePreferenceBody);
  if (!body.ok) return body.response;
  await savePreference(ctx.database.db, session.user.id, body.value);
  return json(200, await noticesAnswer(ctx, session.user.id));
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Hourmark</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escape(title)}</h1>${body}</main></body></html>`,
    {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    },
  );

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * GET /user/unsubscribe?token=…: the page a mail's "Stop these mails" link opens, signed in or
 * not. It changes nothing by itself (mail scanners open links); its button posts.
 */
export function handleUnsubscribePage(request: Request): Promise<Response> {
  const token = tokenOf(request);
  if (token.length === 0 || token.length > 200)
    return Promise.resolve(
      apiError(400, 'invalid_token', 'This link is incomplete: open it from the mail again.'),
    );
  return Promise.resolve(
    page(
      'Stop these mails',
      `<p>You will still see these notices in Hourmark, under the bell.</p><form method="post" action="/user/unsubscribe?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these mails</button></form>`,
    ),
  );
}

/**
 * POST /user/unsubscribe?token=…: one-click unsubscribe (RFC 8058, the body is
 * `List-Unsubscribe=One-Click`), from the mail program or the page above, signed out. The
 * event's mails stop; it stays in the app.
 */
export async function handleUnsubscribe(request: Request, ctx: HandlerContext): Promise<Response> {
  const event = await unsubscribe(ctx.database.db, tokenOf(request).slice(0, 200), ctx.now());
  if (!event)
    return apiError(404, 'invalid_token', 'This link does not work: it is wrong or has expired.');
  const label = NOTICE_EVENT_INFO[event].label;
  if ((request.headers.get('accept') ?? '').includes('text/html'))
    return page(
      'Mails stopped',
      `<p>You will get no more mails for “${escape(label)}”. You still see it in Hourmark, and can choose again under Account setting → Notices.</p>`,
    );
  return json(200, { event, channel: 'app' } satisfies Answer<typeof unsubscribedResponse>);
}
