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

/** Where the handler's cookies go. */
export const target = (request: Request, ctx: HandlerContext): CookieTarget => ({
  url: new URL(request.url),
  publicUrl: ctx.publicUrl,
});
