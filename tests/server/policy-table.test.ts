import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/lib/abilities';
import { reviewGroups, weekOf, weekSubmission } from '../../src/lib/approvals';
import { leadsWork } from '../../src/lib/policy';
import { cacheWindowStart } from '../../src/lib/sync/cache-window';
import { rebase, type PulledChange } from '../../src/lib/sync/rebase';
import { handleInvite } from '../../src/server/api/invitation-handlers';
import {
  handleDraftInvoice,
  handleInvoices,
  handleIssueInvoice,
} from '../../src/server/api/invoice-handlers';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import {
  handleAuditLog,
  handleSaveWorkspaceSettings,
} from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { $abilities, $workspaceRules, rememberAccess } from '../../src/stores/access';
import { $activeMembers, $projectChoices, $tasksByProject } from '../../src/stores/choices';
import { $economyContext } from '../../src/stores/economy';
import { $projects } from '../../src/stores/projects';
import { readCache, writeCache } from '../../src/stores/sync/cache';
import { resetCache } from '../../src/stores/sync/reset-cache';
import { $tasks } from '../../src/stores/tasks';
import { $team } from '../../src/stores/team';
import { $timeLogs } from '../../src/stores/time-logs';
import { asCommand } from './as-command';
import { context, drivers, fakeClock, get, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

// Issue 25's table of the one policy: every action on every fixture for every role, tried for
// real. The server's column comes from pushes and REST calls against a seeded database; the
// browser's from what the screens offer on the cache a pull as that person leaves in the stores.
// Both are compared with the table below, written by hand from docs/security.md ("Roles") and
// src/lib/policy. The clock is Sunday 22 Nov 2026, 10:00 UTC; logs up to 10 Nov are locked.
// Removed is an archived member: every request of theirs is answered 403 not_member, so a
// device signing in as them holds no record and the least abilities.

/** 'hidden': the record is not on the person's device, so no screen offers it (the server: no). */
type Cell = 'yes' | 'no' | 'hidden';

const columns = [
  'Admin',
  'Manager',
  'Manager who sees amounts',
  'Team lead',
  'Normal',
  'Removed',
] as const;
type Column = (typeof columns)[number];

const row = (...cells: Cell[]) =>
  Object.fromEntries(columns.map((column, i) => [column, cells[i]])) as Record<Column, Cell>;

// prettier-ignore
const table = {
  //                                                Admin     Manager   +amounts  Team lead Normal    Removed
  'edit own log':                               row('yes',    'yes',    'yes',    'yes',    'yes',    'hidden'),
  'delete own log':                             row('yes',    'yes',    'yes',    'yes',    'yes',    'hidden'),
  'edit other’s log on assigned project':       row('yes',    'yes',    'yes',    'yes',    'hidden', 'hidden'),
  'edit other’s log on unassigned project':     row('yes',    'hidden', 'hidden', 'hidden', 'hidden', 'hidden'),
  'edit locked own log':                        row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'edit own log on a project one left':         row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'submit own pending log':                     row('yes',    'yes',    'yes',    'yes',    'yes',    'hidden'),
  'submit locked own pending log':              row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'edit submitted own log':                     row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'approve submitted log':                      row('yes',    'yes',    'yes',    'yes',    'hidden', 'hidden'),
  'approve locked submitted log':               row('yes',    'no',     'no',     'no',     'hidden', 'hidden'),
  // A Manager's own week is signed off by someone else (issue 48, docs/security.md).
  'approve own submitted log':                  row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'edit approved log':                          row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'edit invoiced log':                          row('no',     'no',     'no',     'no',     'no',     'hidden'),
  'delete invoiced log':                        row('no',     'no',     'no',     'no',     'no',     'hidden'),
  'add log on unassigned project':              row('yes',    'hidden', 'hidden', 'hidden', 'hidden', 'hidden'),
  'add log with hidden task':                   row('no',     'hidden', 'hidden', 'hidden', 'hidden', 'hidden'),
  'track for a non-team member (team lead)':    row('yes',    'yes',    'yes',    'hidden', 'hidden', 'hidden'),
  'change project settings (assigned)':         row('yes',    'yes',    'yes',    'yes',    'no',     'hidden'),
  'change project rate':                        row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'switch project approval':                    row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'create project':                             row('yes',    'no',     'no',     'no',     'no',     'no'),
  'delete project':                             row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'edit task on assigned project':              row('yes',    'yes',    'yes',    'yes',    'no',     'hidden'),
  'add task with a rate':                       row('yes',    'no',     'no',     'no',     'no',     'hidden'),
  'create client':                              row('yes',    'no',     'no',     'no',     'no',     'no'),
  'edit member':                                row('yes',    'no',     'no',     'no',     'hidden', 'hidden'),
  'invite':                                     row('yes',    'no',     'no',     'no',     'hidden', 'hidden'),
  'change workspace settings':                  row('yes',    'no',     'no',     'no',     'no',     'no'),
  'read audit log':                             row('yes',    'no',     'no',     'no',     'no',     'no'),
  'see invoices':                               row('yes',    'no',     'no',     'no',     'no',     'no'),
  'manage teams':                               row('yes',    'no',     'no',     'no',     'no',     'no'),
};
type RowName = keyof typeof table;

/** One person of the table: who they are in the workspace and how they sign in. */
interface Person {
  column: Column;
  /** Prefix of the records made for their cells. */
  key: string;
  memberId: string;
  cookie: string;
  /** Names the owner of their device's cache (src/stores/sync/owner.ts). */
  userId: string;
}

/** A server's answer: allowed or not, and why not (a refusal's message, or a REST error code). */
interface Verdict {
  cell: 'yes' | 'no';
  why?: string;
}

type Mutation = [name: string, args: Record<string, unknown>];

/** How one row is seeded, tried on the server and read from the device. */
interface Row {
  /** Records this row's cell of `p` acts on, made by the Admin before anyone acts. */
  seed?: (p: Person) => Mutation[];
  server: (p: Person) => Promise<Verdict>;
  browser: (p: Person) => Cell;
}

const DAY = '2026-11-18';
const LOCKED_DAY = '2026-11-05';
const INVOICED_DAY = '2026-11-17';

// Each run tries the server's column twice: as the stored-change mutations devices sent before
// named commands, and as the commands a person's action is now (tests/server/as-command.ts).
const runs = drivers.flatMap((driver) =>
  (['mutations', 'commands'] as const).map((via) => ({ ...driver, via })),
);

describe.each(runs)('the policy table on $name, pushed as $via', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let workspaceId = '';
  let admin: Person;
  const people: Person[] = [];
  const ctx = () => context(database, clock);
  let mutationId = 0;
  let managersSeeAmounts = false;

  /** Pushes `mutations` as `who` in one request; a 403 (not a member) refuses all of them. */
  async function push(who: { cookie: string }, mutations: Mutation[]): Promise<Verdict[]> {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId,
          clientId: `policy-${who.cookie.slice(11, 30)}`,
          mutations: mutations.map(([name, args]) => ({ id: (mutationId += 1), name, args })),
        },
        who.cookie,
      ),
      ctx(),
    );
    if (res.status === 403) {
      const { error } = (await res.json()) as { error: string };
      return mutations.map(() => ({ cell: 'no', why: error }));
    }
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as {
      results: { outcome: string; reason?: string; message?: string }[];
    };
    return results.map((result) => {
      if (result.outcome === 'ok') return { cell: 'yes' };
      // Anything but a refusal on the grounds of who is asking is a fixture written wrong.
      if (result.outcome !== 'refused' || result.reason !== 'forbidden')
        throw new Error(`not a permission answer: ${JSON.stringify(result)}`);
      return { cell: 'no', why: result.message ?? '' };
    });
  }
  const pushOne = async (p: Person, name: string, args: Record<string, unknown>) =>
    (
      await push(p, [driver.via === 'commands' ? asCommand(name, args) : [name, args]])
    )[0] as Verdict;

  /** A REST answer as a cell: 2xx allowed, 403 refused, anything else a test written wrong. */
  async function rest(res: Response): Promise<Verdict> {
    if (res.ok) return { cell: 'yes' };
    const body = (await res.json()) as { error: string };
    if (res.status !== 403) throw new Error(`not a permission answer: ${JSON.stringify(body)}`);
    return { cell: 'no', why: body.error };
  }

  const settings = () => ({
    workspaceId,
    name: 'Table Agency',
    managersSeeAmounts,
    timeZone: 'UTC',
    weekStart: 1,
    lockedUpTo: '2026-11-10',
    autoLock: null,
  });
  const saveSettings = (who: { cookie: string }) =>
    handleSaveWorkspaceSettings(post('/sync/workspace-settings', settings(), who.cookie), ctx());

  const log = (memberId: string, projectId: string, date = DAY, status = 'approved') => ({
    ...timeLogFields(date, projectId, 3600),
    memberId,
    status,
  });
  const id = (p: Person, what: string) => `${p.key}-${what}`;
  const roleMembers = () => people.map((p) => p.memberId);
  const cellMembers = () => people.map((p) => id(p, 'mem'));

  // What the person's device holds once a pull has been applied (read in `browser`).
  const now = () => clock.now();
  const device = {
    log: (logId: string) => $timeLogs.get().find((l) => l.id === logId),
    project: (projectId: string) => $projects.get().find((p) => p.id === projectId),
    task: (taskId: string) => $tasks.get().find((t) => t.id === taskId),
    member: (memberId: string) => $team.get().find((m) => m.id === memberId),
  };
  const yes = (allowed: boolean): Cell => (allowed ? 'yes' : 'no');
  /** Whether Track and Timesheet offer to change or remove the log (LogItem, TimesheetScreen). */
  const logOffer = (logId: string): Cell => {
    const found = device.log(logId);
    if (!found) return 'hidden';
    const project = $economyContext.get().projectsById.get(found.projectId ?? '');
    return yes($abilities.get().logProblem(found, project, now()) === null);
  };
  /** A cell about a record: hidden when the device lacks it, else what `offered` says. */
  const about = <T>(record: T | undefined, offered: (record: T) => boolean): Cell =>
    record === undefined ? 'hidden' : yes(offered(record));
  /** Whether Track's Submit week sends the log (WeekSubmission.tsx, weekSubmission). */
  const submitOffer = (logId: string): Cell =>
    about(device.log(logId), (found) => {
      const { projectsById } = $economyContext.get();
      const { toSubmit } = weekSubmission($timeLogs.get(), {
        memberId: $abilities.get().memberId,
        week: weekOf(found.date, $workspaceRules.get().weekStart),
        needsApproval: (projectId) => projectsById.get(projectId ?? '')?.approval === true,
        locked: (day) => $abilities.get().dayProblem(day, now()) !== null,
      });
      return toSubmit.some((l) => l.id === found.id);
    });
  /** Whether /approvals lists the log to approve (ApprovalsScreen.tsx, reviewGroups). */
  const reviewOffer = (logId: string): Cell =>
    about(device.log(logId), (found) => {
      const can = $abilities.get();
      const { projectsById } = $economyContext.get();
      return reviewGroups(
        $timeLogs.get(),
        $workspaceRules.get().weekStart,
        (l) =>
          can.reviews(projectsById.get(l.projectId ?? ''), l.memberId) &&
          can.dayProblem(l.date, now()) === null,
      ).some((group) => group.logs.some((l) => l.id === found.id));
    });

  const rows: Record<RowName, Row> = {
    'edit own log': {
      seed: (p) => [['addTimeLog', { id: id(p, 'own'), fields: log(p.memberId, 'p-a') }]],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'own'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'own')),
    },
    'delete own log': {
      seed: (p) => [['addTimeLog', { id: id(p, 'own-del'), fields: log(p.memberId, 'p-a') }]],
      server: (p) => pushOne(p, 'deleteTimeLog', { id: id(p, 'own-del') }),
      browser: (p) => logOffer(id(p, 'own-del')),
    },
    'edit other’s log on assigned project': {
      seed: (p) => [['addTimeLog', { id: id(p, 'other'), fields: log('m-other', 'p-a') }]],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'other'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'other')),
    },
    'edit other’s log on unassigned project': {
      seed: (p) => [['addTimeLog', { id: id(p, 'other-u'), fields: log('m-other', 'p-u') }]],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'other-u'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'other-u')),
    },
    'edit locked own log': {
      seed: (p) => [
        ['addTimeLog', { id: id(p, 'locked'), fields: log(p.memberId, 'p-a', LOCKED_DAY) }],
      ],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'locked'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'locked')),
    },
    'edit own log on a project one left': {
      seed: (p) => [['addTimeLog', { id: id(p, 'left'), fields: log(p.memberId, 'p-left') }]],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'left'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'left')),
    },
    'submit own pending log': {
      seed: (p) => [
        ['addTimeLog', { id: id(p, 'pending'), fields: log(p.memberId, 'p-appr', DAY, 'pending') }],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', { id: id(p, 'pending'), changes: { status: 'submitted' } }),
      browser: (p) => submitOffer(id(p, 'pending')),
    },
    'submit locked own pending log': {
      seed: (p) => [
        [
          'addTimeLog',
          { id: id(p, 'pending-locked'), fields: log(p.memberId, 'p-appr', LOCKED_DAY, 'pending') },
        ],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', {
          id: id(p, 'pending-locked'),
          changes: { status: 'submitted' },
        }),
      browser: (p) => submitOffer(id(p, 'pending-locked')),
    },
    'edit submitted own log': {
      seed: (p) => [
        [
          'addTimeLog',
          { id: id(p, 'submitted'), fields: log(p.memberId, 'p-appr', DAY, 'submitted') },
        ],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', { id: id(p, 'submitted'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'submitted')),
    },
    'approve submitted log': {
      seed: (p) => [
        ['addTimeLog', { id: id(p, 'review'), fields: log('m-other', 'p-appr', DAY, 'submitted') }],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', { id: id(p, 'review'), changes: { status: 'approved' } }),
      browser: (p) => reviewOffer(id(p, 'review')),
    },
    'approve locked submitted log': {
      seed: (p) => [
        [
          'addTimeLog',
          { id: id(p, 'review-locked'), fields: log('m-other', 'p-appr', LOCKED_DAY, 'submitted') },
        ],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', {
          id: id(p, 'review-locked'),
          changes: { status: 'approved' },
        }),
      browser: (p) => reviewOffer(id(p, 'review-locked')),
    },
    'approve own submitted log': {
      seed: (p) => [
        [
          'addTimeLog',
          { id: id(p, 'review-own'), fields: log(p.memberId, 'p-appr', DAY, 'submitted') },
        ],
      ],
      server: (p) =>
        pushOne(p, 'updateTimeLog', { id: id(p, 'review-own'), changes: { status: 'approved' } }),
      browser: (p) => reviewOffer(id(p, 'review-own')),
    },
    'edit approved log': {
      seed: (p) => [
        ['addTimeLog', { id: id(p, 'approved'), fields: log(p.memberId, 'p-appr', DAY) }],
      ],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'approved'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'approved')),
    },
    'edit invoiced log': {
      seed: (p) => [
        ['addTimeLog', { id: id(p, 'invoiced'), fields: log(p.memberId, 'p-inv', INVOICED_DAY) }],
      ],
      server: (p) => pushOne(p, 'updateTimeLog', { id: id(p, 'invoiced'), changes: { tags: 'x' } }),
      browser: (p) => logOffer(id(p, 'invoiced')),
    },
    'delete invoiced log': {
      seed: (p) => [
        [
          'addTimeLog',
          { id: id(p, 'invoiced-del'), fields: log(p.memberId, 'p-inv', INVOICED_DAY) },
        ],
      ],
      server: (p) => pushOne(p, 'deleteTimeLog', { id: id(p, 'invoiced-del') }),
      browser: (p) => logOffer(id(p, 'invoiced-del')),
    },
    'add log on unassigned project': {
      server: (p) =>
        pushOne(p, 'addTimeLog', { id: id(p, 'new-u'), fields: log(p.memberId, 'p-u') }),
      // Track's form offers every project in $projectChoices, then checks the day (LogForm.tsx).
      browser: () =>
        about(
          device.project('p-u'),
          () =>
            $projectChoices.get().some((c) => c.value === 'p-u') &&
            $abilities.get().dayProblem(DAY, now()) === null,
        ),
    },
    'add log with hidden task': {
      server: (p) =>
        pushOne(p, 'addTimeLog', {
          id: id(p, 'new-task'),
          fields: { ...log(p.memberId, 'p-a'), taskId: 't-hidden' },
        }),
      // Track's TASK offers the tasks of the chosen project (LogForm.tsx, $tasksByProject).
      browser: () =>
        about(device.task('t-hidden'), () =>
          ($tasksByProject.get().get('p-a') ?? []).some((t) => t.id === 't-hidden'),
        ),
    },
    'track for a non-team member (team lead)': {
      server: (p) =>
        pushOne(p, 'addTimeLog', { id: id(p, 'new-outsider'), fields: log('m-outsider', 'p-a') }),
      // Track's TEAM MEMBER offers every active member on the device (LogForm.tsx).
      browser: () =>
        about(
          device.member('m-outsider'),
          () =>
            $activeMembers.get().some((m) => m.id === 'm-outsider') &&
            $projectChoices.get().some((c) => c.value === 'p-a'),
        ),
    },
    'change project settings (assigned)': {
      seed: (p) => [project(id(p, 'p-edit'))],
      server: (p) =>
        pushOne(p, 'updateProject', { id: id(p, 'p-edit'), changes: { description: 'New' } }),
      browser: (p) => about(device.project(id(p, 'p-edit')), $abilities.get().managesProject),
    },
    'change project rate': {
      seed: (p) => [project(id(p, 'p-rate'))],
      server: (p) =>
        pushOne(p, 'updateProject', { id: id(p, 'p-rate'), changes: { billamount: 2000 } }),
      // The Edit form (AddProjectForm.tsx) lets only those who set rates change the rate.
      browser: (p) =>
        about(
          device.project(id(p, 'p-rate')),
          (found) => $abilities.get().managesProject(found) && $abilities.get().setsRates,
        ),
    },
    'switch project approval': {
      seed: (p) => [project(id(p, 'p-approval'))],
      server: (p) =>
        pushOne(p, 'updateProject', { id: id(p, 'p-approval'), changes: { approval: true } }),
      // The Edit form (AddProjectForm.tsx) enables the approval checkbox for whoever sets it.
      browser: (p) =>
        about(
          device.project(id(p, 'p-approval')),
          (found) => $abilities.get().managesProject(found) && $abilities.get().setsApproval,
        ),
    },
    'create project': {
      server: (p) =>
        pushOne(p, 'createProject', {
          id: id(p, 'p-new'),
          fields: { ...projectFields(`New ${p.key}`, null), billamount: 0 },
        }),
      browser: () => yes($abilities.get().managesWorkspace),
    },
    'delete project': {
      seed: (p) => [project(id(p, 'p-del'))],
      server: (p) => pushOne(p, 'deleteProject', { id: id(p, 'p-del') }),
      browser: (p) =>
        about(device.project(id(p, 'p-del')), () => $abilities.get().managesWorkspace),
    },
    'edit task on assigned project': {
      seed: (p) => [
        [
          'createTask',
          {
            id: id(p, 'task'),
            fields: {
              projectId: 'p-a',
              task: `Task ${p.key}`,
              assigneeIds: [],
              billableRate: null,
            },
          },
        ],
      ],
      server: (p) =>
        pushOne(p, 'updateTask', { id: id(p, 'task'), changes: { task: `Renamed ${p.key}` } }),
      // No screen edits a task yet; the ability for a project's tasks is managesProject.
      browser: (p) =>
        about(device.task(id(p, 'task')), (found) =>
          $abilities
            .get()
            .managesProject($economyContext.get().projectsById.get(found.projectId ?? '')),
        ),
    },
    'add task with a rate': {
      server: (p) =>
        pushOne(p, 'createTask', {
          id: id(p, 'task-rate'),
          fields: { projectId: 'p-a', task: `Rated ${p.key}`, assigneeIds: [], billableRate: 900 },
        }),
      // Assign Task is for those who lead work; its rate field for those who set rates
      // (ProjectsScreen.tsx, AssignTaskForm.tsx).
      browser: () =>
        about(
          device.project('p-a'),
          () => leadsWork($abilities.get()) && $abilities.get().setsRates,
        ),
    },
    'create client': {
      server: (p) =>
        pushOne(p, 'createClient', {
          id: id(p, 'client'),
          fields: clientFields(`Client ${p.key}`),
        }),
      browser: () => yes($abilities.get().managesWorkspace),
    },
    'edit member': {
      server: (p) =>
        pushOne(p, 'updateMember', { id: id(p, 'mem'), changes: { name: `Renamed ${p.key}` } }),
      browser: (p) => about(device.member(id(p, 'mem')), () => $abilities.get().managesWorkspace),
    },
    invite: {
      server: async (p) =>
        rest(
          await handleInvite(
            post('/sync/invitations', { workspaceId, memberId: id(p, 'mem') }, p.cookie),
            ctx(),
          ),
        ),
      browser: (p) => about(device.member(id(p, 'mem')), () => $abilities.get().managesWorkspace),
    },
    'change workspace settings': {
      server: async (p) => rest(await saveSettings(p)),
      browser: () => yes($abilities.get().isAdmin),
    },
    'read audit log': {
      server: async (p) =>
        rest(await handleAuditLog(get(`/sync/audit?workspace=${workspaceId}`, p.cookie), ctx())),
      browser: () => yes($abilities.get().isAdmin),
    },
    'see invoices': {
      server: async (p) =>
        rest(await handleInvoices(get(`/sync/invoices?workspace=${workspaceId}`, p.cookie), ctx())),
      browser: () => yes($abilities.get().isAdmin),
    },
    'manage teams': {
      server: async (p) =>
        rest(
          await handleSaveTeam(
            post(
              '/sync/teams',
              { workspaceId, name: `Team ${p.key}`, memberIds: [], leadIds: [] },
              p.cookie,
            ),
            ctx(),
          ),
        ),
      browser: () => yes($abilities.get().isAdmin),
    },
  };

  function project(projectId: string): Mutation {
    return [
      'createProject',
      { id: projectId, fields: { ...projectFields(projectId, null), memberIds: roleMembers() } },
    ];
  }

  /** Pulls as `p` into emptied stores, as a device signing in does, and reads every row. */
  async function browserColumn(p: Person): Promise<Record<RowName, Cell>> {
    const owner = { userId: p.userId, workspaceId, workspaceName: 'Table Agency' };
    resetCache(owner);
    const res = await handlePull(
      get(
        `/sync/pull?workspace=${workspaceId}&logsFrom=${cacheWindowStart('2026-11-22')}`,
        p.cookie,
      ),
      ctx(),
    );
    // A refused pull leaves the device nothing, and the least abilities (src/stores/access.ts).
    if (res.status !== 403) {
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        reset: boolean;
        changes: PulledChange[];
        next: string | null;
        access: Access;
      };
      expect(page.next).toBeNull();
      const out = rebase({
        local: readCache(),
        timer: { status: 'idle' },
        changes: page.changes,
        reset: page.reset,
        pending: [],
        bases: {},
        now: now().toISOString(),
      });
      writeCache(out.local, out.timer);
      rememberAccess(owner, page.access);
    }
    return Object.fromEntries(
      (Object.keys(rows) as RowName[]).map((name) => [name, rows[name].browser(p)]),
    ) as Record<RowName, Cell>;
  }

  /** Tries every row as `p`, each on records of its own. */
  async function serverColumn(p: Person): Promise<Record<RowName, Verdict>> {
    const verdicts: Partial<Record<RowName, Verdict>> = {};
    for (const name of Object.keys(rows) as RowName[]) verdicts[name] = await rows[name].server(p);
    return verdicts as Record<RowName, Verdict>;
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    const ada = await signUp(database, { name: 'Ada', email: 'ada.table@example.com' }, clock);
    workspaceId = ada.workspace.id;
    admin = {
      column: 'Admin',
      key: 'admin',
      memberId: ada.workspace.memberId,
      cookie: ada.cookie,
      userId: 'ada',
    };
    const joining = [
      ['Manager', 'manager', 'm-man', 'Manager'],
      ['Manager who sees amounts', 'amounts', 'm-amounts', 'Manager'],
      ['Team lead', 'lead', 'm-lead', 'Manager'],
      ['Normal', 'normal', 'm-norm', 'Normal'],
      ['Removed', 'removed', 'm-gone', 'Normal'],
    ] as const;
    people.push(
      admin,
      ...joining.map(([column, key, memberId]) => ({
        column,
        key,
        memberId,
        cookie: '',
        userId: key,
      })),
    );

    // Everyone's team-member records, the fixtures' projects, and each cell's own records.
    const members: Mutation[] = [
      ...joining.map(([, key, memberId, role]): Mutation => [
        'createMember',
        { id: memberId, fields: teamMember(`Person-${key}`, role) },
      ]),
      ['createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') }],
      ['createMember', { id: 'm-outsider', fields: teamMember('Otto', 'Normal') }],
      ...people.map((p): Mutation => [
        'createMember',
        { id: id(p, 'mem'), fields: teamMember(`Cell-${p.key}`, 'Normal') },
      ]),
    ];
    const base: Mutation[] = [
      ['createClient', { id: 'c-inv', fields: clientFields('Invoiced Ltd') }],
      [
        'createProject',
        {
          id: 'p-a',
          fields: {
            ...projectFields('Assigned', null),
            memberIds: [...roleMembers(), 'm-other', 'm-outsider', ...cellMembers()],
          },
        },
      ],
      [
        'createProject',
        { id: 'p-u', fields: { ...projectFields('Unassigned', null), memberIds: ['m-other'] } },
      ],
      [
        'createProject',
        {
          id: 'p-appr',
          fields: {
            ...projectFields('With approval', null),
            approval: true,
            memberIds: [...roleMembers(), 'm-other'],
          },
        },
      ],
      // A project none of the table's people is on: their own logs there are read-only.
      [
        'createProject',
        { id: 'p-left', fields: { ...projectFields('Left', null), memberIds: ['m-other'] } },
      ],
      [
        'createProject',
        { id: 'p-inv', fields: { ...projectFields('Billed', 'c-inv'), memberIds: roleMembers() } },
      ],
      [
        'createTask',
        {
          id: 't-hidden',
          fields: { projectId: 'p-u', task: 'Hidden', assigneeIds: [], billableRate: null },
        },
      ],
    ];
    const cells = people.flatMap((p) => Object.values(rows).flatMap((r) => r.seed?.(p) ?? []));
    const seeded = await push(admin, [...members, ...base, ...cells]);
    expect(seeded.filter((v) => v.cell !== 'yes')).toEqual([]);

    for (const [i, [, key, memberId, role]] of joining.entries()) {
      const joined = await joinWorkspace(
        database,
        workspaceId,
        { name: `Person-${key}`, email: `${key}.table@example.com` },
        role,
        memberId,
        clock,
      );
      const person = people[i + 1];
      if (person) person.cookie = joined.cookie;
    }
    // The team lead leads Olu and the cells' members, not Otto.
    const team = await handleSaveTeam(
      post(
        '/sync/teams',
        {
          workspaceId,
          name: 'Design',
          memberIds: ['m-lead', 'm-other', ...cellMembers()],
          leadIds: ['m-lead'],
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(team.status).toBe(201);
    // One issued invoice holds every cell's invoiced logs.
    const draft = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId, clientId: 'c-inv', from: '2026-11-16', to: '2026-11-22' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(draft.status).toBe(201);
    const { invoice } = (await draft.json()) as { invoice: { id: string } };
    const issued = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId, id: invoice.id, issueDate: '2026-11-22' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(issued.status).toBe(200);
    expect((await saveSettings(admin)).status).toBe(200);
    expect(
      await push(admin, [['updateMember', { id: 'm-gone', changes: { status: 'Archived' } }]]),
    ).toEqual([{ cell: 'yes' }]);
  });
  afterAll(async () => {
    resetCache(null);
    await drop();
  });

  it('every role may do what the table says, on the server and in the browser', async () => {
    const server: Partial<Record<RowName, Partial<Record<Column, Cell>>>> = {};
    const browser: Partial<Record<RowName, Partial<Record<Column, Cell>>>> = {};
    const removedRefusals = new Set<string>();
    const record = async (p: Person) => {
      // What the browser offers does not depend on how the server is asked: tried once.
      const offered = driver.via === 'mutations' ? await browserColumn(p) : null;
      const tried = await serverColumn(p);
      for (const name of Object.keys(rows) as RowName[]) {
        if (offered) (browser[name] ??= {})[p.column] = offered[name];
        (server[name] ??= {})[p.column] = tried[name].cell;
        if (p.column === 'Removed') removedRefusals.add(tried[name].why ?? 'allowed');
      }
    };
    // Managers see amounts only when the workspace says so: that column is tried last, with the
    // setting on, the others with it off.
    for (const p of people.filter((q) => q.column !== 'Manager who sees amounts')) await record(p);
    managersSeeAmounts = true;
    expect((await saveSettings(admin)).status).toBe(200);
    for (const p of people.filter((q) => q.column === 'Manager who sees amounts')) await record(p);

    const byRowThenColumn = (cells: typeof server) =>
      Object.fromEntries(
        (Object.keys(table) as RowName[]).map((name) => [
          name,
          Object.fromEntries(columns.map((column) => [column, cells[name]?.[column]])),
        ]),
      );
    // What no device receives, the server refuses too.
    const serverTable = Object.fromEntries(
      Object.entries(table).map(([name, cells]) => [
        name,
        Object.fromEntries(
          Object.entries(cells).map(([column, cell]) => [column, cell === 'hidden' ? 'no' : cell]),
        ),
      ]),
    );
    expect.soft(byRowThenColumn(server)).toEqual(serverTable);
    if (driver.via === 'mutations') expect.soft(byRowThenColumn(browser)).toEqual(table);
    // An archived member is turned away as no longer a member, whatever they try.
    expect([...removedRefusals]).toEqual(['not_member']);
  }, 60_000);
});
