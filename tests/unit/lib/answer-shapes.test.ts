import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activityResponse,
  exportResponse,
  logsResponse,
  totalsResponse,
} from '../../../src/lib/contracts/reads';
import { reportResponse } from '../../../src/lib/contracts/reports';
import { auditResponse, workspaceSettingsResponse } from '../../../src/lib/contracts/workspace';

// Issue 48: answers that were checked only as objects are described key by key. For each, a
// realistic answer passes and one with a wrong key or type is refused (so a screen says it
// cannot read it instead of drawing half of it).

const totals = {
  logs: 2,
  seconds: 9000,
  billableSeconds: 5400,
  billableMinor: 180000,
  costMinor: 60000,
  expensesMinor: 0,
};
const log = {
  id: 'l1',
  date: '2026-11-02',
  client: 'Acme / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'design',
  desc: '<p>Header</p>',
  dur: 5400,
  st: '09:00',
  end: '10:30',
  exp: 0,
  memberId: 'm1',
  status: 'approved',
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T10:30:00.000Z',
};
const event = {
  id: 'e1',
  at: '2026-11-03T10:00:00.000Z',
  who: 'Nia',
  action: 'edited',
  changed: ['duration'],
  note: '',
  logs: [
    {
      id: 'l1',
      date: '2026-11-02',
      member: 'Mo',
      project: 'Website',
      task: 'Design',
      seconds: 5400,
    },
  ],
  invoiceNumber: null,
};
const rules = {
  timeZone: 'Asia/Kolkata',
  weekStart: 1,
  lockedUpTo: '2026-10-31',
  autoLock: { period: 'weekly', graceDays: 2 },
  managersSeeAmounts: true,
  requireProjectAndTask: false,
  durationFormat: 'decimal',
};
const reportTotals = { ...totals, profitMinor: 120000 };
const report = {
  groups: [
    {
      key: 'p1',
      label: 'Website',
      totals: reportTotals,
      children: [
        {
          key: 'm1',
          label: 'Mo',
          totals: { ...reportTotals, billableMinor: null, costMinor: null, profitMinor: null },
        },
      ],
    },
  ],
  totals: reportTotals,
};
const client = {
  id: 'c1',
  name: 'Acme',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const exported = {
  exportedAt: '2026-11-29T08:00:00.000Z',
  workspace: { id: 'w1', name: 'Agency' },
  clients: [client],
  project: [],
  task: [],
  Team: [],
  taskData: [log],
};
const audit = {
  entries: [
    {
      id: 'a1',
      at: '2026-11-02T09:00:00.000Z',
      userName: 'Ada',
      kind: 'payment',
      recordId: 'pay1',
      action: 'update',
      rules: [],
      reason: 'Bank fee',
      before: { amountMinor: 120000, note: null, lines: [{ key: 'a' }] },
      after: { amountMinor: 119500, note: null, lines: [{ key: 'a' }] },
    },
  ],
  next: null,
};

const cases: [string, z.ZodTypeAny, unknown, [string, unknown][]][] = [
  [
    'GET /api/logs',
    logsResponse,
    { logs: [log], totals, daySeconds: { '2026-11-02': 5400 } },
    [
      ['totals as text', { logs: [log], totals: { ...totals, seconds: '2:30' }, daySeconds: {} }],
      [
        'totals without costs',
        { logs: [log], totals: { ...totals, costMinor: undefined }, daySeconds: {} },
      ],
      ['a log with a negative duration', { logs: [{ ...log, dur: -5 }], totals, daySeconds: {} }],
    ],
  ],
  [
    'GET /api/totals',
    totalsResponse,
    { projects: [{ ...totals, projectId: 'p1', pendingLogIds: ['l2'] }] },
    [
      [
        'a project’s logs as text',
        { projects: [{ ...totals, logs: 'two', projectId: 'p1', pendingLogIds: [] }] },
      ],
    ],
  ],
  [
    'GET /api/activity',
    activityResponse,
    { events: [event] },
    [
      ['an action the app does not have', { events: [{ ...event, action: 'exploded' }] }],
      [
        'a log’s member as a number',
        { events: [{ ...event, logs: [{ ...event.logs[0], member: 7 }] }] },
      ],
      ['no invoice number key', { events: [{ ...event, invoiceNumber: undefined }] }],
    ],
  ],
  [
    'GET /api/workspace-settings',
    workspaceSettingsResponse,
    { settings: { ...rules, name: 'Agency' } },
    [
      ['a week starting on day 7', { settings: { ...rules, weekStart: 7, name: 'Agency' } }],
      [
        'an automatic lock every fortnight',
        {
          settings: { ...rules, autoLock: { period: 'fortnightly', graceDays: 1 }, name: 'Agency' },
        },
      ],
      [
        'durations in minutes',
        { settings: { ...rules, durationFormat: 'minutes', name: 'Agency' } },
      ],
    ],
  ],
  [
    'GET /api/audit',
    auditResponse,
    audit,
    [
      ['before as a list', { ...audit, entries: [{ ...audit.entries[0], before: [1] }] }],
      ['after as text', { ...audit, entries: [{ ...audit.entries[0], after: 'paid' }] }],
    ],
  ],
  [
    'GET /api/report',
    reportResponse,
    report,
    [
      ['a group without totals', { ...report, groups: [{ key: 'p1', label: 'Website' }] }],
      [
        'a nested group’s seconds as text',
        {
          ...report,
          groups: [
            {
              ...report.groups[0],
              children: [{ key: 'm1', label: 'Mo', totals: { ...reportTotals, seconds: '1h' } }],
            },
          ],
        },
      ],
      ['profit as text', { ...report, totals: { ...reportTotals, profitMinor: '1,200' } }],
    ],
  ],
  [
    'GET /api/export',
    exportResponse,
    exported,
    [
      ['no time logs key', { ...exported, taskData: undefined }],
      ['the team as one record', { ...exported, Team: { id: 'm1' } }],
      ['a log with a negative duration', { ...exported, taskData: [{ ...log, dur: -1 }] }],
    ],
  ],
];

describe.each(cases)('the contract of %s', (_, schema, good, bad) => {
  it('takes a realistic answer', () => {
    expect(schema.safeParse(good).success).toBe(true);
  });
  it.each(bad)('refuses %s', (_what, answer) => {
    expect(schema.safeParse(answer).success).toBe(false);
  });
});
