import type { Database } from '../db/connect';
import type { CookieTarget } from '../http/cookies';
import type { Mailer } from '../mail/mailer';

/** What a handler needs besides the request: the database, the clock and the caller's address. */
export interface HandlerContext {
  database: Database;
  now: () => Date;
  ip: string;
  /** PUBLIC_URL: when https, every cookie is Secure. */
  publicUrl?: URL | undefined;
  /** Outgoing mail (mailOff when SMTP_URL is not set). */
  mail: Mailer;
  /** SUPPORT_EMAIL: where support messages are mailed. */
  supportEmail: string;
}

/**
 * The address links in mails point to: PUBLIC_URL when set; otherwise the page that asked (its
 * Origin, which the origin check has already accepted), then the request's own address.
 */
export function appBaseUrl(request: Request, ctx: HandlerContext): URL {
  if (ctx.publicUrl) return ctx.publicUrl;
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') {
    try {
      return new URL(origin);
    } catch {
      // A malformed Origin falls through to the request's address.
    }
  }
  return new URL(new URL(request.url).origin);
}

/** Where the handler's cookies go. */
export const target = (request: Request, ctx: HandlerContext): CookieTarget => ({
  url: new URL(request.url),
  publicUrl: ctx.publicUrl,
});
