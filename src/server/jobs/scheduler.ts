import type { Database, Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import { IMPORT_JOB, importJob } from '../imports/import-job';
import { expireImportFiles } from '../imports/store';
import { NOTICE_JOB, NOTICE_MAIL_JOB, noticeJob, noticeMailJob } from '../notices/deliver';
import { enqueueReminders } from '../notices/reminders';
import { enqueueReportMails, REPORT_MAIL_JOB, reportMailJob } from '../reports/report-mail';
import type { JobDeps } from './kind';
import { jobPool, startJobRunner, type JobKinds, type JobRunner } from './runner';

// What the job runner of every server process knows: the kinds of job, and the jobs the clock
// makes due on each tick. Several processes on one PostgreSQL share the work without doing any
// of it twice (src/server/jobs/queue.ts).

/** Every kind of job, by the name stored in `jobs.kind`. */
export const jobKinds: JobKinds = {
  [REPORT_MAIL_JOB]: reportMailJob,
  [NOTICE_JOB]: noticeJob,
  [NOTICE_MAIL_JOB]: noticeMailJob,
  [IMPORT_JOB]: importJob,
};

/** Adds the jobs that are due by the clock: reminders, and scheduled report mails (with mail set). */
export async function scheduleDueJobs(deps: JobDeps): Promise<void> {
  await enqueueReminders(deps.db, deps.now());
  // An import's file is kept 7 days at most (issue 32).
  await expireImportFiles(deps.db, deps.now());
  // Without SMTP_URL there is no way to send a scheduled report, so none is queued.
  if (deps.mailer.enabled) await enqueueReportMails(deps.db, deps.now());
}

/** Where links point when a caller names no PUBLIC_URL (tests, the runner without one). */
const LOCAL_URL = new URL('http://localhost:4321');

/**
 * One round, as a tick runs it: adds the due jobs, then works through every due job this
 * process manages to claim, four at once. Returns how many jobs this process finished.
 */
export async function runDueJobs(
  db: Db,
  mailer: Mailer,
  now: () => Date,
  options: { appUrl?: URL; concurrency?: number } = {},
): Promise<number> {
  const deps: JobDeps = { db, mailer, now, appUrl: options.appUrl ?? LOCAL_URL };
  await scheduleDueJobs(deps);
  const pool = jobPool(deps, jobKinds, { concurrency: options.concurrency ?? 4 });
  pool.wake();
  await pool.idle();
  return pool.finished();
}

/** Starts this process's job runner (every process, with or without mail). */
export function startScheduler(database: Database, mailer: Mailer, appUrl: URL): JobRunner {
  return startJobRunner(
    database,
    { db: database.db, mailer, appUrl, now: () => new Date() },
    { kinds: jobKinds, schedule: scheduleDueJobs },
  );
}
