// Who may add, change, remove, submit and review a time log: the one rule set the push (through
// src/server/sync/permissions.ts) and the screens (through src/lib/abilities.ts) both ask.
import { formatDay } from '../day';
import { lockedUpTo, type WorkspaceRules } from '../workspace-rules';
import type { Actor } from './actor';
import { isOn, type LogFacts, type ProjectFacts, type TaskFacts } from './facts';
import { requiredFieldsProblem } from './required-fields';

/** What is done to a log: a review changes only its decision and note; a submission only its status. */
export type LogAction = 'add' | 'edit' | 'delete' | 'submit' | 'review';

/** A request about one log, with the facts around it. */
export interface LogRequest {
  action: LogAction;
  /** The log as it is (null when it is being added). */
  before: LogFacts | null;
  /** The log as it would be (null when it is being removed). */
  after: LogFacts | null;
  /** The projects of `before` and `after` (null: none or deleted; undefined: not known here). */
  projectBefore?: ProjectFacts | null | undefined;
  projectAfter?: ProjectFacts | null | undefined;
  /** The task of `after` (null: none or deleted; undefined: not known here). */
  task?: TaskFacts | null | undefined;
  now: Date;
}

/** Why nobody may change a log that issued invoice `number` holds (the server says the same). */
export function invoicedLogProblem(number: string): string {
  return `This log is on invoice ${number}: it cannot be changed or removed unless the invoice is voided.`;
}

/** Why a day is locked for this person, or null. Admins pass every lock. */
export function lockedDayProblem(actor: Actor, day: string, now: Date): string | null {
  if (actor.role === 'Admin') return null;
  return lockProblem(actor.rules, now, day);
}

function lockProblem(rules: WorkspaceRules, now: Date, ...days: (string | undefined)[]) {
  const upTo = lockedUpTo(rules, now);
  if (!upTo) return null;
  return days.some((day) => typeof day === 'string' && day !== '' && day <= upTo)
    ? `Logs up to ${formatDay(upTo)} are locked: only an Admin can add, change or remove them.`
    : null;
}

/**
 * Who reviews a log, the one rule (issue 48): whether `actor` approves or rejects the submitted
 * log of `memberId` on `project`. The push asks it (through logRefusal) when someone approves,
 * the Approvals screen when it offers a week (src/lib/abilities.ts), and the notice of a
 * submitted week when it picks who is told (src/server/notices/reviewers.ts): whoever is told
 * may approve, and whoever may approve is told.
 *
 * An Admin reviews every log, their own included (docs/security.md: they may change an approved
 * log anyway, and a workspace's only Admin would otherwise never see their own time approved).
 * A Manager reviews the logs of the projects they are on, never their own (a second person signs
 * off: another Manager of the project or an Admin), and when they lead teams only those teams'
 * members; a lead who is not on the project does not review it. Nobody else reviews.
 */
export function reviewsLog(
  actor: Actor,
  project: ProjectFacts | null | undefined,
  memberId: string | null | undefined,
): boolean {
  if (actor.role === 'Admin') return true;
  if (actor.role !== 'Manager' || !isOn(project, actor.memberId)) return false;
  if (memberId === actor.memberId) return false;
  return !actor.teamMembers || actor.teamMembers.includes(memberId ?? '');
}

/** Why a Manager may not decide on their own log (an Admin may, see `reviewsLog`). */
export const ownReviewProblem =
  'You cannot approve or reject your own logs: another Manager of the project or an Admin does.';

/** Whether `log` is the Manager's own: theirs to write, never theirs to sign off. */
const ownsAsManager = (actor: Actor, log: LogFacts) =>
  actor.role === 'Manager' && log.memberId !== null && log.memberId === actor.memberId;

/** The request "approve this submitted log", as the screens and the notices ask it. */
export function approvalRequest(
  submitted: LogFacts,
  project: ProjectFacts | null | undefined,
  now: Date,
): LogRequest {
  return {
    action: 'review',
    before: submitted,
    after: { ...submitted, status: 'approved' },
    projectBefore: project,
    projectAfter: project,
    now,
  };
}

/** Why this log (as it is or would be) is not this person's to write, or null. Not for Admins. */
function rightsOver(
  actor: Actor,
  log: LogFacts,
  project: ProjectFacts | null | undefined,
  task: TaskFacts | null | undefined,
  /** Whether `log` is the log as it is (rather than as it would be after the change). */
  existing = false,
  /** Whether the change files the log under a member and project anew (added or moved). */
  filing = false,
): string | null {
  const me = actor.memberId;
  const own = log.memberId !== null && log.memberId === me;
  // A project the device does not know stays the server's to judge.
  const onProject = project === undefined || isOn(project, me);
  if (log.projectId && !onProject)
    return own && existing
      ? 'You are no longer on this project, so its logs are read-only for you.'
      : 'You can only track time on projects you are assigned to.';
  if (actor.role === 'Normal') {
    if (!own) return 'You can only track your own time.';
    const assignees = task?.assigneeIds ?? [];
    if (assignees.length > 0 && !assignees.includes(me ?? ''))
      return 'You can only track time on tasks assigned to you.';
    return null;
  }
  if (own) return null;
  // A Manager logs for others only on a project they manage (a log without one is personal),
  // and, when they lead teams, only for those teams' members.
  if (!log.projectId) return 'You can only track time for others on projects you manage.';
  // The project's team is who may track on it: a Manager cannot file time there for someone else
  // (a log whose member has since left the project stays theirs to correct).
  if (filing && project && !isOn(project, log.memberId))
    return 'This team member is not on the project: add them to its team first.';
  if (actor.teamMembers && !actor.teamMembers.includes(log.memberId ?? ''))
    return 'You can only track or review time of the members of your teams.';
  return null;
}

/**
 * Why the person may not do this to the log, in words they read beside it, or null when they
 * may. Admins pass locks and approvals, never an issued invoice; everyone's task must be one of
 * the log's project.
 */
export function logRefusal(actor: Actor, request: LogRequest): string | null {
  const { action, before, after, now } = request;
  // An issued invoice holds its logs for everyone, Admins too, until it is voided.
  if (before?.invoice) return invoicedLogProblem(before.invoice);
  if (after?.invoice && after.invoice !== before?.invoice)
    return 'Only issuing an invoice puts a log on it.';
  if (
    after?.status === 'rejected' &&
    before?.status !== 'rejected' &&
    !(after.reviewNote ?? '').trim()
  )
    return 'Say why the log is rejected, so its author can fix it.';
  // A task belongs to its project: a log cannot borrow a task (and its name) from another one.
  if (after?.taskId && request.task !== undefined) {
    if (request.task === null || (request.task.projectId ?? null) !== (after.projectId ?? null))
      return 'This task belongs to another project: choose one of the log’s project.';
  }
  // What the workspace requires of every log binds Admins too. An edit that leaves an older
  // log's project and task as they were is not refused for them: the setting may be newer.
  const filesAnew =
    action === 'add' ||
    (action === 'edit' &&
      ((before?.projectId ?? null) !== (after?.projectId ?? null) ||
        (before?.taskId ?? null) !== (after?.taskId ?? null)));
  if (after && filesAnew) {
    const missing = requiredFieldsProblem(actor.rules, after);
    if (missing) return missing;
  }
  if (actor.role === 'Admin') return null;
  // Whether a log was billed in another tool decides what Uninvoiced offers: an Admin's call,
  // as invoices are (an imported log keeps it; everything else about it stays editable).
  if ((after?.invoicedElsewhere ?? false) !== (before?.invoicedElsewhere ?? false) && after)
    return 'Only an Admin marks a log as invoiced outside Hourmark.';
  const locked = lockProblem(actor.rules, now, before?.date, after?.date);
  if (locked) return locked;
  if (before) {
    // On a project without approval every log is 'approved' from the start; on one with it, the
    // decision holds. Turning approval on makes the logs nobody reviewed pending (issue 47,
    // src/lib/approvals.ts). Only Admins switch approval (record-policy.ts), so a Manager cannot
    // turn it off, edit a signed-off log and turn it on again.
    const needsApproval = request.projectBefore?.approval === true;
    if (needsApproval && before.status === 'approved')
      return 'This log is approved: only an Admin can change it.';
    const was = rightsOver(actor, before, request.projectBefore, undefined, true);
    if (was) return was;
    const reviewing =
      action === 'review' && reviewsLog(actor, request.projectBefore, before.memberId);
    if (needsApproval && before.status === 'submitted' && !reviewing)
      return action === 'review' && ownsAsManager(actor, before)
        ? ownReviewProblem
        : 'This log is submitted for approval: it can be changed again if it is rejected.';
  }
  if (!after) return null;
  const filing =
    !before || before.memberId !== after.memberId || before.projectId !== after.projectId;
  const problem = rightsOver(actor, after, request.projectAfter, request.task, false, filing);
  if (problem) return problem;
  // A decision holds on the project it was made on: a log moved onto a project that asks for
  // approval arrives approved (or rejected) only by its reviewer's hand.
  const decides =
    request.projectAfter?.approval === true &&
    (after.status === 'approved' || after.status === 'rejected') &&
    (after.status !== before?.status || (before?.projectId ?? null) !== (after.projectId ?? null));
  if (decides && !(action === 'review' && reviewsLog(actor, request.projectAfter, after.memberId)))
    return action === 'review' && ownsAsManager(actor, after)
      ? ownReviewProblem
      : 'Logs on this project need approval: a Manager or an Admin approves them.';
  return null;
}

/** What a stopwatch run is for, with the facts around it: the log its stop will save. */
export interface RunRequest {
  /** The run's day, project, task and member (null: the person who starts it). */
  run: LogFacts;
  project: ProjectFacts | null | undefined;
  task: TaskFacts | null | undefined;
  now: Date;
}

/**
 * Why this person may not start (or point) a stopwatch run at what it names, or null. A run is
 * judged as the log its stop saves, so a run whose log would be refused is refused at Start
 * instead of leaving a stopwatch no stop can save (a script can name anyone; the screen offers
 * only what may be chosen). What the workspace requires of a log is left to the stop: the
 * stopwatch may start before its project and task are chosen.
 */
export function runRefusal(actor: Actor, { run, project, task, now }: RunRequest): string | null {
  if (run.taskId && (task === null || (task && (task.projectId ?? null) !== run.projectId)))
    return 'This task belongs to another project: choose one of the log’s project.';
  if (actor.role === 'Admin') return null;
  const own = { ...run, memberId: run.memberId ?? actor.memberId };
  return (
    lockProblem(actor.rules, now, own.date) ?? rightsOver(actor, own, project, task, false, true)
  );
}
