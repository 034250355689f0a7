// What the signed-in person may do in the open workspace, for the screens to offer only that.
// Every answer comes from the one policy (src/lib/policy), asked with the facts on the device;
// the server asks the same policy with its own facts and decides (docs/security.md). The person
// is always an actor here, so it asks the policy's parts that `can` would (logs, projects), and
// the Admin rule without its refusals' words: Track's first visit downloads no screen's text
// it does not show (issue 29's budget).
import {
  adminMay,
  approvalRequest,
  factsOf,
  logRefusal,
  projectRefusal,
  lockedDayProblem,
  newMemberRole,
  reviewsLog,
  type Actor,
  type LogFacts,
  type ProjectFacts,
  type Role,
} from './policy';

export { invoicedLogProblem, type Role } from './policy';

/** The person's place in the workspace, as the server's pull tells it. */
export interface Access extends Actor {
  /** The workspace's currency; amounts everywhere are shown in it. */
  currency?: string;
}

/** The least a person may do: what the screens assume until the server has said more. */
export const unknownAccess: Access = {
  role: newMemberRole,
  memberId: null,
  seesAmounts: false,
  rules: {
    timeZone: 'UTC',
    weekStart: 1,
    lockedUpTo: null,
    autoLock: null,
    managersSeeAmounts: false,
    requireProjectAndTask: false,
    durationFormat: 'clock',
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
  /** Rates of projects, tasks and members. */
  setsRates: boolean;
  /** Whether a project's logs need approval. */
  setsApproval: boolean;
  /** Whether a project's settings and tasks are the person's to change. */
  managesProject: (project: ProjectLike | undefined) => boolean;
  /**
   * Whether the person approves or rejects the submitted logs of `memberId` on a project (the
   * policy's `reviewsLog`: never a Manager's own, a team lead only their members'), as the
   * server would answer.
   */
  reviews: (project: ProjectLike | undefined, memberId: string | null) => boolean;
  /** Whether the person may be offered logging time for someone else at all. */
  tracksForOthers: boolean;
  /** Whether the person may log time for `memberId` on `project` (null: no project). */
  tracksFor: (memberId: string, project: ProjectLike | null | undefined) => boolean;
  /** Why a log may not be changed or removed by this person, or null when it may. */
  logProblem: (log: LogLike, project: ProjectLike | undefined, now: Date) => string | null;
  /** Why a new log on `day` would be refused, or null. */
  dayProblem: (day: string, now: Date) => string | null;
}

const projectFacts = (project: ProjectLike | null | undefined): ProjectFacts | null =>
  project ? { memberIds: project.memberIds ?? [], approval: project.approval === true } : null;

/** The abilities `access` gives. */
export function abilitiesOf(access: Access): Abilities {
  const actor: Actor = access;
  const tracksFor = (memberId: string, project: ProjectLike | null | undefined) => {
    const after: LogFacts = { date: '', memberId, projectId: project ? 'project' : null };
    return (
      logRefusal(actor, {
        action: 'add',
        before: null,
        after,
        projectAfter: projectFacts(project),
        now: new Date(0),
      }) === null
    );
  };
  return {
    role: access.role,
    memberId: access.memberId,
    isAdmin: adminMay(actor, 'manageMembers'),
    seesAmounts: access.seesAmounts,
    managesWorkspace: adminMay(actor, 'manageClients'),
    setsRates: adminMay(actor, 'setRates'),
    setsApproval: adminMay(actor, 'setApproval'),
    managesProject: (project) => projectRefusal(actor, 'edit', projectFacts(project)) === null,
    reviews: (project, memberId) =>
      project?.approval === true &&
      // The one rule of who reviews, then the policy's whole answer to approving such a log (its
      // day is judged apart, by dayProblem).
      reviewsLog(actor, projectFacts(project), memberId) &&
      logRefusal(
        actor,
        approvalRequest(
          { date: '', memberId, projectId: 'project', status: 'submitted' },
          projectFacts(project),
          new Date(0),
        ),
      ) === null,
    // Someone else on a project the person manages: any Manager or Admin may be asked this.
    tracksForOthers: tracksFor('\u0000someone else', { memberIds: [actor.memberId ?? ''] }),
    tracksFor,
    dayProblem: (day, now) => lockedDayProblem(actor, day, now),
    logProblem: (log, project, now) =>
      logRefusal(actor, {
        action: 'edit',
        before: factsOf.log({ ...log }),
        after: null,
        projectBefore: log.projectId ? (projectFacts(project) ?? null) : null,
        now,
      }),
  };
}
