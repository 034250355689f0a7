// Submitting a week and reviewing it (issue 11): which logs a week's submission sends, and
// how submitted logs group for the person who reviews them.
import { addDays } from './day';
import { weekStartOf } from './workspace-rules';

interface LogLike {
  id: string;
  date: string;
  memberId: string | null;
  projectId: string | null;
  status: string;
  dur: number;
}

/** The first and last day of the week `day` is in. */
export function weekOf(day: string, weekStart: number): { from: string; to: string } {
  const from = weekStartOf(day, weekStart);
  return { from, to: addDays(from, 6) };
}

/**
 * A member's logs of one week on projects with approval, by where they are in the workflow:
 * those a submission sends (pending or rejected), and those already submitted.
 */
export function weekSubmission<T extends LogLike>(
  logs: readonly T[],
  options: {
    memberId: string | null;
    week: { from: string; to: string };
    needsApproval: (projectId: string | null) => boolean;
    /** Whether a day is locked for this person: its logs stay as they are (src/lib/policy). */
    locked?: (day: string) => boolean;
  },
): { toSubmit: T[]; submitted: T[] } {
  const { memberId, week, needsApproval, locked = () => false } = options;
  const mine = logs.filter(
    (log) =>
      memberId !== null &&
      log.memberId === memberId &&
      log.date >= week.from &&
      log.date <= week.to &&
      needsApproval(log.projectId),
  );
  return {
    toSubmit: mine.filter(
      (log) => (log.status === 'pending' || log.status === 'rejected') && !locked(log.date),
    ),
    submitted: mine.filter((log) => log.status === 'submitted'),
  };
}

/** What turning approval on needs to know of a log. */
interface ApprovalStartLog {
  status: string;
  date: string;
  /** The number of the issued invoice that holds it, if one does. */
  invoice?: string | null | undefined;
}

/**
 * Whether turning approval on for a log's project makes the log pending (issue 47). A project
 * without approval calls every log 'approved' from the start though nobody reviewed it, so such
 * a log goes back to its author as not sent and editable, to be sent with its week. A log an
 * issued invoice holds, or one dated in a period locked on `lockedUpTo`, stays as it was settled
 * (as an import leaves one approved): nobody but an Admin could send it any more.
 */
export function pendsWhenApprovalStarts(log: ApprovalStartLog, lockedUpTo: string | null): boolean {
  if (log.status !== 'approved') return false;
  if (typeof log.invoice === 'string' && log.invoice !== '') return false;
  return lockedUpTo === null || log.date === '' || log.date > lockedUpTo;
}

/**
 * A log's status once it moves from project `from` to project `to`: a decision made on one
 * project is none on another, so it is pending where the new project asks for approval and
 * approved where it does not (a pending log no one is asked to review would never be billed).
 * Null when the log stays on its project.
 */
export function statusAfterMove(
  from: string | null | undefined,
  to: string | null | undefined,
  toNeedsApproval: boolean,
): 'pending' | 'approved' | null {
  if ((from ?? null) === (to ?? null)) return null;
  return toNeedsApproval ? 'pending' : 'approved';
}

/** Submitted logs waiting for one person's review, one group per member and week. */
export interface ReviewGroup<T> {
  key: string;
  memberId: string | null;
  week: { from: string; to: string };
  logs: T[];
  seconds: number;
}

/** Groups the submitted logs `reviews` allows, newest week first, then by member id. */
export function reviewGroups<T extends LogLike>(
  logs: readonly T[],
  weekStart: number,
  reviews: (log: T) => boolean,
): ReviewGroup<T>[] {
  const groups = new Map<string, ReviewGroup<T>>();
  for (const log of logs) {
    if (log.status !== 'submitted' || !log.date || !reviews(log)) continue;
    const week = weekOf(log.date, weekStart);
    const key = `${week.from}|${log.memberId ?? ''}`;
    const group = groups.get(key) ?? { key, memberId: log.memberId, week, logs: [], seconds: 0 };
    group.logs.push(log);
    group.seconds += log.dur;
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.week.from.localeCompare(a.week.from) || (a.memberId ?? '').localeCompare(b.memberId ?? ''),
  );
}
