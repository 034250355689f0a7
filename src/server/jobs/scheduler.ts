import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import { enqueueReportMails, REPORT_MAIL_JOB, sendReportMail } from '../reports/report-mail';
import { claimJob, completeJob, failJob } from './queue';

// What every server process does once a minute: add the jobs that are due (once-only by key),
// then work through the due jobs it manages to claim. Several processes on one PostgreSQL
// share the work without doing any of it twice (src/server/jobs/queue.ts).

/** One round: returns how many jobs this process finished. */
export async function runDueJobs(db: Db, mailer: Mailer, now: () => Date): Promise<number> {
  // Without SMTP_URL there is no way to send a scheduled report, so none is queued.
  if (!mailer.enabled) return 0;
  await enqueueReportMails(db, now());
  let finished = 0;
  for (;;) {
    const job = await claimJob(db, now());
    if (!job) return finished;
    try {
      const payload = job.payload as { savedReportId?: unknown };
      const outcome =
        job.kind === REPORT_MAIL_JOB && typeof payload.savedReportId === 'string'
          ? await sendReportMail(db, mailer, payload.savedReportId, now())
          : 'skipped';
      if (outcome === 'failed') await failJob(db, job.key, 'The mail server refused it', now());
      else {
        await completeJob(db, job.key, now());
        finished += 1;
      }
    } catch (error) {
      await failJob(db, job.key, error instanceof Error ? error.message : String(error), now());
    }
  }
}

/** Runs `runDueJobs` every `intervalMs` (never two rounds at once); returns a stop function. */
export function startScheduler(db: Db, mailer: Mailer, intervalMs = 60_000): () => void {
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    runDueJobs(db, mailer, () => new Date())
      .catch((error: unknown) => console.error('Scheduled work failed', error))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  round();
  return () => clearInterval(timer);
}
