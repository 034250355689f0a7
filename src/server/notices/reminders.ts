import { sql } from 'drizzle-orm';
import { weekOf } from '../../lib/approvals';
import { addDays, fromDay } from '../../lib/day';
import { DEFAULT_NOTHING_TRACKED_HOUR } from '../../lib/notices';
import { isTimeZone, todayIn } from '../../lib/workspace-rules';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { memberships, workspaces } from '../db/schema';
import { rows } from '../sync/records';
import { postNotice } from './post';

// Reminders (issue 31), added by every runner's tick in the workspace's own time zone, each once
// per person and period by its key, however many processes tick:
// - submit the week: at 16:00 on the week's last working day (Monday to Friday), to those who
//   track on projects with approval and have not sent that week yet;
// - tracked nothing: on working days at the hour the person chose, to those who turned it on
//   and have no log that day.

/** The hour of the week's last working day the submit reminder goes at. */
export const SUBMIT_REMINDER_HOUR = 16;

/** The hour (0–23) `now` is in `timeZone` (UTC when the zone is unknown). */
export function hourIn(timeZone: string, now: Date): number {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return Number(hour);
}

const isWorkingDay = (day: string) => {
  const weekday = fromDay(day).getDay();
  return weekday >= 1 && weekday <= 5;
};

/** The last Monday-to-Friday day of the week from `from` (seven days). */
export function lastWorkingDay(from: string): string {
  for (let back = 6; back >= 0; back -= 1) {
    const day = addDays(from, back);
    if (isWorkingDay(day)) return day;
  }
  return addDays(from, 6);
}

/** Adds the reminders due at `now`; returns how many were added. */
export async function enqueueReminders(db: Db, now: Date): Promise<number> {
  const spaces = await rows<RawRow<typeof workspaces, 'id' | 'timeZone' | 'weekStart'>>(
    db,
    sql`SELECT id, time_zone, week_start FROM workspaces`,
  );
  let added = 0;
  for (const space of spaces) {
    const today = todayIn(space.time_zone, now);
    const hour = hourIn(space.time_zone, now);
    const week = weekOf(today, Number(space.week_start));
    if (today === lastWorkingDay(week.from) && hour >= SUBMIT_REMINDER_HOUR)
      added += await remindToSubmit(db, space.id, week);
    if (isWorkingDay(today)) added += await remindNothingTracked(db, space.id, today, hour);
  }
  return added;
}

/**
 * Members on an active project with approval who have not sent the week: they have a log in
 * it still to send (pending or rejected), or none sent at all.
 */
async function remindToSubmit(db: Db, workspaceId: string, week: { from: string; to: string }) {
  const people = await rows<RawRow<typeof memberships, 'userId'>>(
    db,
    sql`SELECT s.user_id FROM memberships s
      WHERE s.workspace_id = ${workspaceId} AND NOT s.archived AND s.member_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM projects p WHERE p.workspace_id = s.workspace_id AND NOT p.deleted
          AND (p.data->>'approval')::boolean AND coalesce(p.data->>'status', 'Active') = 'Active'
          AND coalesce(p.data->'memberIds', '[]'::jsonb) ? s.member_id)
        AND (EXISTS (SELECT 1 FROM time_logs l WHERE l.workspace_id = s.workspace_id AND NOT l.deleted
              AND l.member_id = s.member_id AND l.date BETWEEN ${week.from} AND ${week.to}
              AND l.data->>'status' IN ('pending', 'rejected'))
          OR NOT EXISTS (SELECT 1 FROM time_logs l WHERE l.workspace_id = s.workspace_id AND NOT l.deleted
              AND l.member_id = s.member_id AND l.date BETWEEN ${week.from} AND ${week.to}
              AND l.data->>'status' IN ('submitted', 'approved')))`,
  );
  let added = 0;
  for (const { user_id: userId } of people)
    if (
      await postNotice(
        db,
        { event: 'submit-reminder', workspaceId, userId, from: week.from, to: week.to },
        { onceKey: `reminder:submit-week:${workspaceId}:${userId}:${week.from}` },
      )
    )
      added += 1;
  return added;
}

/**
 * Members who turned the reminder on, whose hour has come in this workspace, with no log today
 * in any of their workspaces; once per person and day, whichever workspace's hour comes first.
 */
async function remindNothingTracked(db: Db, workspaceId: string, today: string, hour: number) {
  const people = await rows<RawRow<typeof memberships, 'userId'>>(
    db,
    sql`SELECT s.user_id FROM memberships s
      JOIN notice_preferences n ON n.user_id = s.user_id AND n.event = 'nothing-tracked'
      WHERE s.workspace_id = ${workspaceId} AND NOT s.archived AND s.member_id IS NOT NULL
        AND n.channel <> 'off' AND coalesce(n.hour, ${DEFAULT_NOTHING_TRACKED_HOUR}) <= ${hour}
        AND NOT EXISTS (SELECT 1 FROM memberships o JOIN time_logs l
          ON l.workspace_id = o.workspace_id AND l.member_id = o.member_id
          WHERE o.user_id = s.user_id AND NOT l.deleted AND l.date = ${today})`,
  );
  let added = 0;
  for (const { user_id: userId } of people)
    if (
      await postNotice(
        db,
        { event: 'nothing-tracked', workspaceId, userId, day: today },
        { onceKey: `reminder:nothing-tracked:${userId}:${today}` },
      )
    )
      added += 1;
  return added;
}
