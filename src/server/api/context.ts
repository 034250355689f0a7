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
  /**
   * Where links point (PUBLIC_URL, or http://localhost:PORT on a server without it and without
   * mail). Never read from the request: Host and Origin are whatever the caller wrote.
   */
  appUrl: URL;
  /** Outgoing mail (mailOff when SMTP_URL is not set). */
  mail: Mailer;
  /** SUPPORT_EMAIL: where support messages are mailed. */
  supportEmail: string;
}

/**
 * The address links in mails and on screen point to: the configured one only. A server with
 * SMTP_URL does not start without PUBLIC_URL (src/server/http/hosts.mjs), so a mailed link can
 * never be steered to another site by a forged Host or Origin.
 */
export function appBaseUrl(ctx: HandlerContext): URL {
  return ctx.appUrl;
}

/** Where the handler's cookies go. */
export const target = (request: Request, ctx: HandlerContext): CookieTarget => ({
  url: new URL(request.url),
  publicUrl: ctx.publicUrl,
});
