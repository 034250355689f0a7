// The "What each role may do" table of docs/security.md, asked of the policy itself: each cell is
// a `can()` on one canonical situation, so the document cannot say something the code does not.
// `npm run docs:roles` writes it into the document; tests/unit/lib/roles-table.test.ts fails
// when the two differ.
import { defaultRules } from '../workspace-rules';
import type { Actor } from './actor';
import type { LogFacts, ProjectFacts, TaskFacts } from './facts';
import { can } from './index';
import type { LogAction } from './log-policy';
import type { AdminAction } from './record-policy';

const NOW = new Date('2026-11-25T12:00:00Z');
const rules = { ...defaultRules, lockedUpTo: '2026-11-10' };
const actors: { label: string; actor: Actor }[] = [
  { label: 'Admin', actor: { role: 'Admin', memberId: 'me', seesAmounts: true, rules } },
  {
    label: 'Manager',
    actor: { role: 'Manager', memberId: 'me', seesAmounts: true, rules, teamMembers: null },
  },
  {
    label: 'Manager leading a team',
    actor: {
      role: 'Manager',
      memberId: 'me',
      seesAmounts: true,
      rules,
      teamMembers: ['me', 'ana'],
    },
  },
  {
    label: 'Normal member',
    actor: { role: 'Normal', memberId: 'me', seesAmounts: false, rules, teamMembers: null },
  },
];

const mine: ProjectFacts = { memberIds: ['me', 'ana', 'bob'], approval: false };
const reviewed: ProjectFacts = { memberIds: ['me', 'ana', 'bob'], approval: true };
const others: ProjectFacts = { memberIds: ['ana', 'bob'], approval: false };
const log = (fields: Partial<LogFacts> = {}): LogFacts => ({
  date: '2026-11-20',
  memberId: 'me',
  projectId: 'p',
  status: 'approved',
  ...fields,
});

interface LogRow {
  label: string;
  action: LogAction;
  before: LogFacts | null;
  after: LogFacts | null;
  project: ProjectFacts;
  task?: TaskFacts;
}
const logRows: LogRow[] = [
  {
    label: 'Track their own time on a project they are on',
    action: 'add',
    before: null,
    after: log(),
    project: mine,
  },
  {
    label: 'Track time on a project they are not on',
    action: 'add',
    before: null,
    after: log(),
    project: others,
  },
  {
    label: 'Track time for a team member, on a project they are on',
    action: 'add',
    before: null,
    after: log({ memberId: 'ana' }),
    project: mine,
  },
  {
    label: 'Track time for someone who is not on the project',
    action: 'add',
    before: null,
    after: log({ memberId: 'zoe' }),
    project: mine,
  },
  {
    label: 'Track time for someone outside the teams they lead',
    action: 'add',
    before: null,
    after: log({ memberId: 'bob' }),
    project: mine,
  },
  {
    label: 'Change or remove their own log',
    action: 'edit',
    before: log(),
    after: log(),
    project: mine,
  },
  {
    label: 'Change someone else’s log on a project they are on',
    action: 'edit',
    before: log({ memberId: 'ana' }),
    after: log({ memberId: 'ana' }),
    project: mine,
  },
  {
    label: 'Add, change or remove a log in a locked period (audited)',
    action: 'edit',
    before: log({ date: '2026-11-05' }),
    after: log({ date: '2026-11-05' }),
    project: mine,
  },
  {
    label: 'Change a submitted log (project with approval)',
    action: 'edit',
    before: log({ status: 'submitted' }),
    after: log({ status: 'submitted' }),
    project: reviewed,
  },
  {
    label: 'Approve or reject a submitted log',
    action: 'review',
    before: log({ memberId: 'ana', status: 'submitted' }),
    after: log({ memberId: 'ana', status: 'approved' }),
    project: reviewed,
  },
  {
    label: 'Approve or reject their own submitted log',
    action: 'review',
    before: log({ status: 'submitted' }),
    after: log({ status: 'approved' }),
    project: reviewed,
  },
  {
    label: 'Change an approved log (project with approval; audited)',
    action: 'edit',
    before: log(),
    after: log(),
    project: reviewed,
  },
  {
    label: 'Change or remove a log on an issued invoice',
    action: 'edit',
    before: log({ invoice: '2026-0001' }),
    after: log({ invoice: '2026-0001' }),
    project: mine,
  },
  {
    label: 'File a log under a task of another project',
    action: 'add',
    before: null,
    after: log({ taskId: 't' }),
    project: mine,
    task: { projectId: 'elsewhere' },
  },
];

const adminRows: { label: string; action: AdminAction }[] = [
  { label: 'Add, change or delete clients', action: 'manageClients' },
  { label: 'Add, change or archive team members', action: 'manageMembers' },
  { label: 'Create or delete projects', action: 'createProject' },
  { label: 'Set rates (projects, tasks, team members)', action: 'setRates' },
  { label: 'Turn approval on or off for a project', action: 'setApproval' },
  {
    label: 'Change workspace settings (name, time zone, week start, locks, Managers see amounts)',
    action: 'changeSettings',
  },
  { label: 'Read the audit log', action: 'readAudit' },
  { label: 'See and make invoices; invoice settings', action: 'manageInvoices' },
  { label: 'Correct or delete a payment (with a reason)', action: 'correctPayments' },
  {
    label: 'Refund the payments of a voided invoice, or keep them as a credit',
    action: 'settlePayments',
  },
  { label: 'Create, change or delete teams', action: 'manageTeams' },
  { label: 'Invite, resend, revoke invitations', action: 'invite' },
  { label: 'Make password reset links for members', action: 'makeResetLinks' },
  { label: 'Import time and records from another tool (preview included)', action: 'importData' },
];

const mark = (refusal: string | null) => (refusal === null ? 'yes' : 'no');

/** The table as Markdown, one row per situation, one column per kind of person. */
export function rolesTable(): string {
  const rows: string[][] = [];
  for (const row of logRows)
    rows.push([
      row.label,
      ...actors.map(({ actor }) =>
        mark(
          can(actor, row.action, 'log', {
            before: row.before,
            after: row.after,
            projectBefore: row.before ? row.project : null,
            projectAfter: row.after ? row.project : null,
            task: row.task ?? null,
            now: NOW,
          }),
        ),
      ),
    ]);
  for (const action of ['edit', 'editTasks'] as const)
    for (const [where, project] of [
      ['they are on', mine],
      ['they are not on', others],
    ] as const)
      rows.push([
        action === 'edit'
          ? `Change a project ${where} (not its rate)`
          : `Add or change tasks of a project ${where}`,
        ...actors.map(({ actor }) => mark(can(actor, action, 'project', { project }))),
      ]);
  for (const row of adminRows)
    rows.push([
      row.label,
      ...actors.map(({ actor }) => mark(can(actor, row.action, 'workspace', {}))),
    ]);
  const head = ['', ...actors.map((a) => a.label)];
  return [head, head.map(() => '---'), ...rows]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}
