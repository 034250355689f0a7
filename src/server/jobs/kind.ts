import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';

/** What a job works with: the database, the mail, where links point, and the clock. */
export interface JobDeps {
  db: Db;
  /** Outgoing mail (mailOff without SMTP_URL: jobs that only mail are not queued then). */
  mailer: Mailer;
  /** PUBLIC_URL (or http://localhost:PORT): the only base of links in mails. */
  appUrl: URL;
  now: () => Date;
}

/** What a run came to: done, or to be tried again (later, by the kind's backoff) with why. */
export type JobOutcome = 'done' | { retry: string };

/** One kind of job: how to run it, and how it is retried. */
export interface JobKind {
  run: (payload: unknown, deps: JobDeps) => Promise<JobOutcome>;
  /** How long to wait before attempt `attempt + 1`, after attempt `attempt` (1, 2, …) failed. */
  backoffMs: (attempt: number) => number;
  /** Called once when the job's last attempt failed (a scheduled report's creator hears of it). */
  onGiveUp?: (payload: unknown, error: string, deps: JobDeps) => Promise<void>;
}

/** A backoff that doubles from `firstMs` up to `maxMs`. */
export const doubling =
  (firstMs: number, maxMs: number) =>
  (attempt: number): number =>
    Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
