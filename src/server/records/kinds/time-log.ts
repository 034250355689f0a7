import { sql } from 'drizzle-orm';
import { toMinor } from '../../../lib/money';
import { can, factsOf } from '../../../lib/policy';
import { logChangeOf } from '../../../lib/policy/log-change';
import { timeLogKind } from '../../../lib/records/kinds/time-log';
import { timeLogFields } from '../../../lib/sync/fields';
import { protectingRules, recordAudit } from '../../sync/audit';
import { logDataForDevices } from '../../sync/frozen-amounts';
import { findRecord } from '../../sync/records';
import type { ServerKind } from '../kind';

export const timeLogServerKind: ServerKind = {
  description: timeLogKind,
  fields: timeLogFields,
  table: 'time_logs',
  columns: (d) => ({
    date: d['date'],
    project_id: d['projectId'] ?? null,
    task_id: d['taskId'] ?? null,
    member_id: d['memberId'] ?? null,
    seconds: d['dur'],
    expense_minor: toMinor(Number(d['exp'] ?? 0)),
  }),
  // Their own logs; a Manager also sees every log on their projects (of their teams' members
  // only, when they lead teams).
  visibleTo: ({ viewer, col, inMyTeams, ifMayLeadTeams }) =>
    ifMayLeadTeams(
      sql`(${col('member_id')} = ${viewer.memberId} OR (${viewer.isIn('projects', col('project_id'))} AND ${inMyTeams(col('member_id'))}))`,
      sql`${col('member_id')} = ${viewer.memberId}`,
    ),
  // An invoiced log's frozen figures (frozen-amounts.ts) are amounts too.
  hidden: [{ unless: 'seesAmounts', dropped: ['billed'] }],
  // What the change is (edit, submit, review) is the policy's to say (log-change.ts).
  refusal: async ({ op, fields, before, after, read, now, actor, withTeamMembers }) => {
    // Team leads are limited to their teams' members, read only when someone else's log is at stake.
    const othersLog = [before?.['memberId'], after?.['memberId']].some(
      (id) => id !== undefined && id !== actor.memberId,
    );
    return can(othersLog ? await withTeamMembers() : actor, logChangeOf(op, fields).action, 'log', {
      before: before ? factsOf.log(before) : null,
      after: after ? factsOf.log(after) : null,
      projectBefore: before ? await read.project(before['projectId']) : null,
      projectAfter: after ? await read.project(after['projectId']) : null,
      task: after?.['taskId'] ? await read.task(after['taskId']) : null,
      now,
    });
  },
  // Changes that only an Admin's rights let through are recorded (docs/security.md, audit log).
  afterWrite: async ({ runner, membership, now, op, id, live, after }) => {
    const before = live?.data ?? null;
    const written = op === 'delete' ? null : after;
    const project =
      typeof before?.['projectId'] === 'string'
        ? await findRecord(runner, membership.workspaceId, 'project', before['projectId'])
        : null;
    const rules = protectingRules(
      membership,
      now,
      before,
      written,
      project?.data['approval'] === true,
    );
    if (rules.length > 0)
      await recordAudit(
        runner,
        membership,
        { kind: 'timeLog', recordId: id, action: op, rules, before, after: written },
        now,
      );
  },
  movesVisibility: (changed) => 'projectId' in changed || 'memberId' in changed,
  // A log's own money is computed again whenever it is written (a deleted one keeps its own).
  moneyScope: (op, id) => (op === 'delete' ? null : { logId: id }),
  deviceData: (at) => logDataForDevices(at),
  // Whether a log goes with the figures its invoice froze (frozen-amounts.ts): they are written
  // without a new version when first worked out, so this tells a row's JSON apart too.
  pageFlag: sql`CASE WHEN data->>'invoice' IS NOT NULL AND NOT amounts_stale THEN 'b' ELSE '' END`,
  // Later pulls send every changed log, old or new: the device must hear of edits to logs it
  // holds, and it drops old ones again when it next opens (docs/data-model.md).
  firstPullFrom: (day) => sql` AND date >= ${day}`,
};
