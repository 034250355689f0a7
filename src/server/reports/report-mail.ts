import { sql } from 'drizzle-orm';
import { resolveSpec, type Schedule } from '../../lib/saved-report';
import { todayIn, weekStartOf } from '../../lib/workspace-rules';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { savedReports, users } from '../db/schema';
import { doubling, type JobKind } from '../jobs/kind';
import { enqueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { postNotice } from '../notices/post';
import { rows } from '../sync/records';
import { membershipOf } from '../sync/workspaces';
import { reportDocument, reportFileName } from './export/report-document';
import { reportFile } from './export/report-file';
import { storedSpec } from './saved-reports';

// Scheduled report mail: a saved report with a weekly or monthly schedule is mailed to its
// creator, as PDF and CSV, when the workspace's week or month begins. One job per report and
// period (its key), so however many processes run the scheduler, each mail goes once.

export const REPORT_MAIL_JOB = 'report-mail';

/** The first day of the period `schedule` is in on `today`: the week's first day, or the 1st. */
export function periodStart(schedule: Schedule, today: string, weekStart: number): string {
  return schedule === 'weekly' ? weekStartOf(today, weekStart) : `${today.slice(0, 7)}-01`;
}

/**
 * Adds a mail job for each scheduled report whose period began since its schedule was set (a
 * schedule set on a Monday sends from the next Monday on). Returns how many were added.
 */
export async function enqueueReportMails(db: Db, now: Date): Promise<number> {
  const scheduled = await rows<{
    id: string;
    schedule: Schedule;
    scheduled_from: string | null;
    time_zone: string;
    week_start: number;
  }>(
    db,
    sql`SELECT r.id, r.schedule, r.scheduled_from, w.time_zone, w.week_start
      FROM saved_reports r JOIN workspaces w ON w.id = r.workspace_id
      WHERE r.schedule IN ('weekly', 'monthly')`,
  );
  let added = 0;
  for (const report of scheduled) {
    const start = periodStart(
      report.schedule,
      todayIn(report.time_zone, now),
      Number(report.week_start),
    );
    if (report.scheduled_from !== null && start <= report.scheduled_from) continue;
    const key = `${REPORT_MAIL_JOB}:${report.id}:${start}`;
    const payload = { savedReportId: report.id, period: start };
    if (await enqueue(db, { key, kind: REPORT_MAIL_JOB, payload, runAt: now })) added += 1;
  }
  return added;
}

/**
 * Mails one saved report to its creator, with what they may see on the day it is sent. A report
 * deleted, or a creator who left, since the job was added is 'skipped' (nothing to send).
 */
export async function sendReportMail(
  db: Db,
  mailer: Mailer,
  savedReportId: string,
  now: Date,
): Promise<'sent' | 'skipped' | 'failed'> {
  const [report] = await rows<
    RawRow<typeof savedReports, 'name' | 'spec' | 'workspaceId' | 'userId'> &
      RawRow<typeof users, 'email'>
  >(
    db,
    sql`SELECT r.name, r.spec, r.workspace_id, r.user_id, u.email
      FROM saved_reports r JOIN users u ON u.id = r.user_id WHERE r.id = ${savedReportId}`,
  );
  if (!report) return 'skipped';
  const membership = await membershipOf(db, report.user_id, report.workspace_id);
  if (!membership) return 'skipped';
  const { filter, groups } = resolveSpec(
    storedSpec(report.spec),
    todayIn(membership.rules.timeZone, now),
    membership.rules.weekStart,
  );
  const doc = await reportDocument(db, membership, filter, groups);
  const [pdf, csv] = await Promise.all([reportFile(doc, 'pdf', 'a4'), reportFile(doc, 'csv')]);
  const outcome = await mailer.send({
    to: report.email,
    subject: `${report.name}: ${doc.range}`,
    text: [
      `Your scheduled report "${report.name}" from ${doc.workspaceName}, ${doc.range}, is attached as PDF and CSV.`,
      '',
      ...doc.filterLines,
      '',
      'To stop these mails, open the report in Hourmark and set its mail to Never.',
    ].join('\n'),
    attachments: [
      { filename: reportFileName(filter, 'pdf'), content: pdf, contentType: 'application/pdf' },
      { filename: reportFileName(filter, 'csv'), content: csv, contentType: 'text/csv' },
    ],
  });
  return outcome === 'sent' ? 'sent' : 'failed';
}

/** A report mail job: a refused mail is tried again after 1, 2, 4 and 8 minutes. */
export const reportMailJob: JobKind = {
  backoffMs: doubling(60_000, 30 * 60_000),
  run: async (payload, deps) => {
    const { savedReportId } = payload as { savedReportId?: unknown };
    if (typeof savedReportId !== 'string') return 'done';
    const outcome = await sendReportMail(deps.db, deps.mailer, savedReportId, deps.now());
    return outcome === 'failed' ? { retry: 'The mail server refused it' } : 'done';
  },
  // Its creator hears that this period's mail did not go (in the app, and by mail if they chose).
  onGiveUp: async (payload, error, deps) => {
    const { savedReportId } = payload as { savedReportId?: unknown };
    if (typeof savedReportId !== 'string') return;
    const [report] = await rows<RawRow<typeof savedReports, 'name' | 'workspaceId' | 'userId'>>(
      deps.db,
      sql`SELECT name, workspace_id, user_id FROM saved_reports WHERE id = ${savedReportId}`,
    );
    if (!report) return;
    await postNotice(deps.db, {
      event: 'report-failed',
      workspaceId: report.workspace_id,
      userId: report.user_id,
      reportName: report.name,
      error,
    });
  },
};
