import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/lib/entities/client';
import type { Member } from '../../src/lib/entities/member';
import type { Project } from '../../src/lib/entities/project';
import type { Task } from '../../src/lib/entities/task';
import type { ImportEntry } from '../../src/lib/import/entry';
import { buildPreview, type Importer } from '../../src/server/imports/preview';
import type { WorkspaceFacts } from '../../src/server/imports/workspace-facts';

// The preview's rules on their own (src/server/imports/preview.ts): which rates the workspace
// already decides, people known only by name, the rule that asks for a project and a task, and
// the cap on listed problems. Figures worked out by hand beside each row.

// Records with only the fields the preview reads; the rest do not matter here.
const facts: WorkspaceFacts = {
  clients: [{ id: 'c-acme', name: 'Acme' } as Client],
  projects: [
    { id: 'p-ret', projectName: 'Retainer', clientId: 'c-acme', billable: 'member', billamount: 0 },
    { id: 'p-build', projectName: 'Build', clientId: null, billable: 'task', billamount: 0 },
    { id: 'p-free', projectName: 'Free', clientId: null, billable: 'false', billamount: 0 },
  ] as Project[],
  tasks: [{ id: 't-code', task: 'Code', projectId: 'p-build', billableRate: 90 }] as Task[],
  members: [
    { id: 'm-zoe', name: 'Zoe Park', email: '', BillableRate: 120 },
    { id: 'm-me', name: 'Me', email: 'me@x.test', BillableRate: 50 },
  ] as Member[],
  tags: [],
};
const importer: Importer = {
  email: 'ME@x.test',
  memberId: 'm-me',
  timeZone: 'Asia/Kolkata',
  currency: 'EUR',
  requireProjectAndTask: false,
};

let line = 1;
const entry = (fields: Partial<ImportEntry>): ImportEntry => ({
  line: (line += 1),
  person: { name: '', email: 'me@x.test' },
  client: '',
  project: '',
  task: '',
  description: 'Work',
  billable: true,
  date: '2026-03-04',
  startTime: '09:00',
  durationSeconds: 3600,
  tags: [],
  amountMinor: null,
  currency: 'EUR',
  invoicedElsewhere: false,
  approved: false,
  labourRate: null,
  ...fields,
});
const zoe = { name: 'zoe park', email: '' };
const entries = [
  // Zoe, known by name only: the member's 120 an hour → 1.5 h = 180.00
  entry({
    person: zoe,
    client: 'Acme',
    project: 'Retainer',
    durationSeconds: 5400,
    amountMinor: 18000,
  }),
  // Me at my own 50 an hour → 0.5 h = 25.00
  entry({ client: 'Acme', project: 'Retainer', durationSeconds: 1800 }),
  // A new person: their rate is not known yet, so not priced
  entry({
    person: { name: 'Nova', email: 'nova@x.test' },
    client: 'Acme',
    project: 'Retainer',
    amountMinor: 10000,
  }),
  // The task's 90 an hour → 0.75 h = 67.50 (the file says 70.00)
  entry({ project: 'Build', task: 'Code', durationSeconds: 2700, amountMinor: 7000 }),
  // A new task of a task-rate project: not priced
  entry({ project: 'Build', task: 'Test' }),
  // A non-billable project bills 0
  entry({ project: 'Free' }),
  // A row marked not billable bills 0
  entry({
    person: zoe,
    client: 'Acme',
    project: 'Retainer',
    durationSeconds: 600,
    billable: false,
  }),
];
const file = {
  ok: true as const,
  source: 'toggl' as const,
  sourceName: 'Toggl Track Detailed report (CSV)',
  encoding: 'UTF-8' as const,
  entries,
  problems: [],
  dateFormats: ['YYYY-MM-DD' as const],
  dateFormat: 'YYYY-MM-DD' as const,
  mustChooseDateFormat: false,
  numberFormat: 'decimal-point' as const,
};

describe('what an import preview works out', () => {
  it('prices only the rows whose rate the workspace already decides', () => {
    const preview = buildPreview(file, facts, importer);
    expect(preview.amounts).toEqual({
      fileCurrency: 'EUR',
      fileMinor: 35000,
      workspaceCurrency: 'EUR',
      pricedRows: 5,
      // 180.00 + 25.00 + 67.50 + 0 + 0
      workspaceMinor: 27250,
      // 180.00 + 0 + 70.00 + 0 + 0
      fileMinorOfPricedRows: 25000,
    });
    // 5400 + 1800 + 3600 + 2700 + 3600 + 3600 + 600, and all but the last 600 billable
    expect([preview.totalSeconds, preview.billableSeconds]).toEqual([21300, 20700]);
    expect(preview.timeZone).toBe('Asia/Kolkata');
  });

  it('matches a person known only by name by name, the importer by email as me, and names the new', () => {
    const preview = buildPreview(file, facts, importer);
    expect(preview.people.map((p) => [p.name || p.email, p.rows, p.seconds, p.suggestion])).toEqual(
      [
        ['zoe park', 2, 6000, { kind: 'member', memberId: 'm-zoe', memberName: 'Zoe Park' }],
        ['me@x.test', 4, 11700, { kind: 'me', memberId: 'm-me', memberName: 'Me' }],
        ['Nova', 1, 3600, { kind: 'new', memberId: null, memberName: 'Nova' }],
      ],
    );
    expect(preview.members).toEqual({ create: 1, match: 2, created: ['Nova'] });
    expect(preview.projects).toEqual({ create: 0, match: 3, created: [] });
    expect(preview.tasks).toEqual({ create: 1, match: 1, created: ['Build / Test'] });
    expect(preview.clients).toEqual({ create: 0, match: 1, created: [] });
  });

  it('refuses rows without a project or task when the workspace requires both', () => {
    const preview = buildPreview(file, facts, { ...importer, requireProjectAndTask: true });
    expect(preview.rows).toEqual({ importable: 2, refused: 5, alreadyImported: 0 });
    expect(preview.problems.map((p) => p.reason.endsWith('has no task.'))).toEqual(
      Array(5).fill(true),
    );
    // Build / Code (2700 s) and Build / Test (3600 s) remain.
    expect(preview.totalSeconds).toBe(6300);
  });

  it('lists the first 500 problems and counts them all, and asks for the date order when it must', () => {
    const problems = Array.from({ length: 600 }, (_, i) => ({ line: i + 2, reason: 'Bad' }));
    const preview = buildPreview(
      {
        ...file,
        entries: [],
        problems,
        dateFormats: ['MM/DD/YYYY', 'DD/MM/YYYY'],
        mustChooseDateFormat: true,
      },
      facts,
      importer,
    );
    expect([preview.problems.length, preview.problems[499]?.line, preview.rows]).toEqual([
      500,
      501,
      { importable: 0, refused: 600, alreadyImported: 0 },
    ]);
    expect([preview.mustChooseDateFormat, preview.dateRange, preview.totalSeconds]).toEqual([
      true,
      null,
      0,
    ]);
  });
});
