// What the signed-in person may do in the open workspace, for the screens to offer only that
// (the server decides anyway: src/server/sync/permissions.ts; docs/security.md has the table).
import { formatDay } from './day';
import { lockedUpTo, type WorkspaceRules } from './workspace-rules';

export type Role = 'Admin' | 'Manager' | 'Normal';

/** The person's place in the workspace, as the server's pull tells it. */
export interface Access {
  role: Role;
  memberId: string | null;
  seesAmounts: boolean;
  rules: WorkspaceRules;
  /** The workspace's currency; amounts everywhere are shown in it. */
  currency?: string;
}

/** The least a person may do: what the screens assume until the server has said more. */
export const unknownAccess: Access = {
  role: 'Normal',
  memberId: null,
  seesAmounts: false,
  rules: {
    timeZone: 'UTC',
    weekStart: 1,
    lockedUpTo: null,
    autoLock: null,
    managersSeeAmounts: false,
  },
};

interface ProjectLike {
  memberIds?: string[] | undefined;
  approval?: boolean;
}
interface LogLike {
  date: string;
  projectId?: string | null;
  memberId: string | null;
  status: string;
  /** The issued invoice that holds the log, if any. */
  invoice?: string | undefined;
}

/** Everything a screen asks before offering an action or showing an amount. */
export interface Abilities {
  role: Role;
  /** The person's own team-member record in the workspace. */
  memberId: string | null;
  isAdmin: boolean;
  /** Rates, labour costs, billable amounts and expenses' money. */
  seesAmounts: boolean;
  /** Clients, team members and new or deleted projects. */
  managesWorkspace: boolean;
  /** Whether a project's settings and tasks are the person's to change. */
  managesProject: (project: ProjectLike | undefined) => boolean;
  /** Whether the person approves or rejects submitted logs of a project. */
  reviews: (project: ProjectLike | undefined) => boolean;
  /** Whether the person may log time for someone else (on a project they manage). */
  tracksForOthers: boolean;
  /** Why a log may not be changed or removed by this person, or null when it may. */
  logProblem: (log: LogLike, project: ProjectLike | undefined, now: Date) => string | null;
  /** Why a new log on `day` would be refused, or null. */
  dayProblem: (day: string, now: Date) => string | null;
}

/** Why nobody may change a log that issued invoice `number` holds (the server says the same). */
export function invoicedLogProblem(number: string): string {
  return `This log is on invoice ${number}: it cannot be changed or removed unless the invoice is voided.`;
}

/** The abilities `access` gives. */
export function abilitiesOf(access: Access): Abilities {
  const { role, memberId, rules } = access;
  const isAdmin = role === 'Admin';
  const assigned = (project: ProjectLike | undefined) =>
    Boolean(project && memberId && project.memberIds?.includes(memberId));
  const dayProblem = (day: string, now: Date): string | null => {
    if (isAdmin) return null;
    const upTo = lockedUpTo(rules, now);
    return upTo && day && day <= upTo
      ? `Logs up to ${formatDay(upTo)} are locked: only an Admin can add, change or remove them.`
      : null;
  };
  return {
    role,
    memberId,
    isAdmin,
    seesAmounts: access.seesAmounts,
    managesWorkspace: isAdmin,
    managesProject: (project) => isAdmin || (role === 'Manager' && assigned(project)),
    tracksForOthers: role !== 'Normal',
    reviews: (project) =>
      project?.approval === true && (isAdmin || (role === 'Manager' && assigned(project))),
    dayProblem,
    logProblem: (log, project, now) => {
      // An issued invoice holds its logs for everyone, Admins too (the server says the same).
      if (log.invoice) return invoicedLogProblem(log.invoice);
      if (isAdmin) return null;
      const locked = dayProblem(log.date, now);
      if (locked) return locked;
      // Someone taken off a project keeps their logs on it, read-only (as the server judges).
      if (log.projectId && !assigned(project))
        return 'You are no longer on this project, so its logs are read-only for you.';
      if (project?.approval === true && log.status === 'approved')
        return 'This log is approved: only an Admin can change it.';
      if (project?.approval === true && log.status === 'submitted')
        return 'This log is submitted for approval: it can be changed again if it is rejected.';
      if (role === 'Normal' && log.memberId !== memberId)
        return 'You can only change your own time.';
      if (role === 'Manager' && log.memberId !== memberId && !assigned(project))
        return 'You can only change others’ time on projects you manage.';
      return null;
    },
  };
}
