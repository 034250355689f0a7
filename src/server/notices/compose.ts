import { sql } from 'drizzle-orm';
import { weekOf } from '../../lib/approvals';
import { formatDay } from '../../lib/day';
import { durationFormatOf, showDuration } from '../../lib/duration-format';
import { rolesThat } from '../../lib/policy';
import type { Db } from '../db/connect';
import { rows } from '../sync/records';
import type { NoticeCause } from './post';
import { reviewersOf } from './reviewers';

// Who hears of what happened, and in which words: one notice per person, composed when the
// notice job runs (after the commit that caused it), from the rows as they are then.

/** One person's notice. */
export interface Composed {
  userId: string;
  workspaceId: string;
  title: string;
  body: string;
  path: string;
}

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

interface LogRow {
  id: string;
  /** Its stored fields, for the policy (reviewers.ts). */
  data: Record<string, unknown>;
  member_id: string | null;
  date: string;
  seconds: number;
}

async function logsOf(db: Db, workspaceId: string, ids: string[]): Promise<LogRow[]> {
  if (ids.length === 0) return [];
  return rows<LogRow>(
    db,
    sql`SELECT id, data, member_id, date::text AS date, seconds FROM time_logs
      WHERE workspace_id = ${workspaceId} AND NOT deleted AND id IN (${list(ids)})`,
  );
}

async function weekStartOf(db: Db, workspaceId: string) {
  const [row] = await rows<{ week_start: number; name: string; duration_format: string }>(
    db,
    sql`SELECT week_start, name, duration_format FROM workspaces WHERE id = ${workspaceId}`,
  );
  return {
    weekStart: Number(row?.week_start ?? 1),
    name: row?.name ?? '',
    // Notices say hours as the workspace's screens do (issue 47).
    format: durationFormatOf(row?.duration_format),
  };
}

/** How the person is called in the workspace: their team-member name, else their account's. */
async function nameOf(db: Db, workspaceId: string, userId: string): Promise<string> {
  const [row] = await rows<{ name: string }>(
    db,
    sql`SELECT coalesce(nullif(m.data->>'name', ''), u.name) AS name FROM users u
      LEFT JOIN memberships s ON s.user_id = u.id AND s.workspace_id = ${workspaceId}
      LEFT JOIN members m ON m.workspace_id = s.workspace_id AND m.id = s.member_id
      WHERE u.id = ${userId}`,
  );
  return row?.name ?? 'Someone';
}

const users = async (db: Db, query: ReturnType<typeof sql>) =>
  (await rows<{ user_id: string }>(db, query)).map((r) => r.user_id);

const logsWord = (n: number) => (n === 1 ? '1 log' : `${n} logs`);
const total = (logs: LogRow[]) => logs.reduce((sum, log) => sum + Number(log.seconds), 0);
const distinct = <T>(values: T[]) => [...new Set(values)];

/** The weeks the logs fall in, as words: 'the week of 23 Nov 2026' or '2 weeks'. */
function weeksOf(logs: LogRow[], weekStart: number): string {
  const weeks = distinct(logs.map((log) => weekOf(log.date, weekStart).from)).sort();
  return weeks.length === 1 ? `the week of ${formatDay(weeks[0] ?? '')}` : `${weeks.length} weeks`;
}

/** The notices a cause makes at `now`, one per person who hears of it. */
export async function composeNotices(db: Db, cause: NoticeCause, now: Date): Promise<Composed[]> {
  const { workspaceId } = cause;
  switch (cause.event) {
    case 'week-submitted': {
      const logs = await logsOf(db, workspaceId, cause.logIds);
      if (logs.length === 0) return [];
      const reviewers = await reviewersOf(db, workspaceId, cause.byUserId, logs, now);
      if (reviewers.size === 0) return [];
      const { weekStart, format } = await weekStartOf(db, workspaceId);
      const who = await nameOf(db, workspaceId, cause.byUserId);
      // Each hears only of the logs theirs to review: their count and hours, none of the others.
      return [...reviewers].map(([userId, theirs]) => ({
        userId,
        workspaceId,
        title: `${who} submitted ${weeksOf(theirs, weekStart)}`,
        body: `${logsWord(theirs.length)}, ${showDuration(total(theirs), format)} h to review.`,
        path: '/approvals',
      }));
    }
    case 'week-reviewed': {
      const logs = await logsOf(db, workspaceId, cause.logIds);
      const { weekStart, format } = await weekStartOf(db, workspaceId);
      const who = await nameOf(db, workspaceId, cause.byUserId);
      const byMember = new Map<string, LogRow[]>();
      for (const log of logs)
        if (log.member_id)
          byMember.set(log.member_id, [...(byMember.get(log.member_id) ?? []), log]);
      const out: Composed[] = [];
      for (const [memberId, theirs] of byMember) {
        const [owner] = await users(
          db,
          sql`SELECT user_id FROM memberships
            WHERE workspace_id = ${workspaceId} AND member_id = ${memberId} AND NOT archived`,
        );
        if (!owner || owner === cause.byUserId) continue;
        const verb = cause.decision === 'approve' ? 'approved' : 'rejected';
        const note = cause.note.trim();
        out.push({
          userId: owner,
          workspaceId,
          title: `${who} ${verb} your logs of ${weeksOf(theirs, weekStart)}`,
          body:
            cause.decision === 'approve'
              ? `${logsWord(theirs.length)}, ${showDuration(total(theirs), format)} h, approved.`
              : `${logsWord(theirs.length)} to correct and submit again.${note ? ` Note: ${note}` : ''}`,
          path: '/',
        });
      }
      return out;
    }
    case 'invitation-accepted': {
      const [invitation] = await rows<{ invited_by: string | null; member_id: string }>(
        db,
        sql`SELECT invited_by, member_id FROM invitations WHERE id = ${cause.invitationId}`,
      );
      if (!invitation?.invited_by) return [];
      // Only while the one who invited may still invite (the policy's word, not a role here).
      const [admin] = await users(
        db,
        sql`SELECT user_id FROM memberships WHERE workspace_id = ${workspaceId}
          AND user_id = ${invitation.invited_by} AND role IN ${rolesThat('invite')} AND NOT archived`,
      );
      if (!admin || admin === cause.byUserId) return [];
      const who = await nameOf(db, workspaceId, cause.byUserId);
      const { name } = await weekStartOf(db, workspaceId);
      return [
        {
          userId: admin,
          workspaceId,
          title: `${who} joined ${name}`,
          body: `${who} accepted your invitation and can now sign in.`,
          path: '/users',
        },
      ];
    }
    case 'report-failed':
      return [
        {
          userId: cause.userId,
          workspaceId,
          title: `Your scheduled report "${cause.reportName}" was not sent`,
          body: `The mail server refused it at every try (${cause.error}). It is sent again next period.`,
          path: '/reports/detailed',
        },
      ];
    case 'submit-reminder':
      return [
        {
          userId: cause.userId,
          workspaceId,
          title: `Submit your week of ${formatDay(cause.from)}`,
          body: `The week ends on ${formatDay(cause.to)}: send its logs for approval.`,
          path: '/',
        },
      ];
    case 'nothing-tracked':
      return [
        {
          userId: cause.userId,
          workspaceId,
          title: 'You have tracked nothing today',
          body: `No time is tracked for ${formatDay(cause.day)} yet.`,
          path: '/',
        },
      ];
  }
}
