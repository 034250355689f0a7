import { describe, expect, it } from 'vitest';
import { projectSchema } from '../../../src/lib/entities/project';
import { timeLogSchema, type TimeLog } from '../../../src/lib/entities/time-log';
import {
  allTags,
  filterLogs,
  groupByDay,
  tagsOf,
  type LogFilter,
} from '../../../src/lib/log-filter';
import { buildLookups } from '../../../src/lib/totals';

const projects = [
  projectSchema.parse({ id: 'web', projectName: 'Website', clientId: 'acme' }),
  projectSchema.parse({ id: 'app', projectName: 'App', clientId: 'beta' }),
  projectSchema.parse({ id: 'loose', projectName: 'No client', clientId: null }),
];
const lookups = buildLookups({ projects, tasks: [], members: [] });

const log = (id: string, fields: object): TimeLog => ({
  ...timeLogSchema.parse({ id, ...fields }),
  id,
});
// Stored order (newest first is not assumed by filterLogs).
const logs = [
  log('l1', {
    date: '2026-11-20',
    projectId: 'web',
    client: 'Acme / Website',
    taskId: 'design',
    task: 'Design',
    memberId: 'asha',
    tags: 'design, UI',
    desc: '<p>Home page <strong>layout</strong></p>',
    dur: 3600,
  }),
  log('l2', {
    date: '2026-11-21',
    projectId: 'app',
    client: 'Beta / App',
    taskId: 'build',
    task: 'Build',
    memberId: 'ravi',
    tags: 'backend',
    desc: '<p>API &amp; auth</p>',
    dur: 1800,
  }),
  log('l3', {
    date: '2026-11-22',
    projectId: 'web',
    client: 'Acme / Website',
    taskId: 'build',
    task: 'Build',
    memberId: 'ravi',
    tags: 'urgent,uikit',
    desc: 'Fix header',
    dur: 900,
  }),
  log('l4', {
    date: '2026-11-20',
    projectId: null,
    client: '',
    memberId: 'asha',
    tags: '',
    desc: 'Admin work',
    dur: 600,
  }),
  log('l5', {
    date: '',
    projectId: 'app',
    client: 'Beta / App',
    taskId: 'build',
    task: 'Build',
    memberId: 'asha',
    tags: 'legacy',
    desc: '',
    dur: 300,
  }),
  log('l6', {
    date: '2026-11-19',
    projectId: 'loose',
    client: 'Internal',
    memberId: 'ravi',
    tags: 'ui',
    desc: 'Clean up',
    dur: 120,
  }),
];
const ids = (filter: LogFilter) => filterLogs(logs, filter, lookups).map((l) => l.id);

describe('tagsOf and allTags', () => {
  it('splits comma-separated tags, trimming and dropping blanks', () => {
    expect(tagsOf({ tags: ' design, UI ,, ' })).toEqual(['design', 'UI']);
    expect(tagsOf({ tags: '' })).toEqual([]);
  });

  it('lists each tag once, sorted', () => {
    expect(allTags(logs)).toEqual(['backend', 'design', 'legacy', 'ui', 'UI', 'uikit', 'urgent']);
  });
});

describe('filterLogs', () => {
  it('returns every log, in stored order, for an empty filter', () => {
    expect(ids({})).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
  });

  it('filters by an inclusive date range', () => {
    expect(ids({ from: '2026-11-20', to: '2026-11-21' })).toEqual(['l1', 'l2', 'l4']);
    expect(ids({ from: '2026-11-21' })).toEqual(['l2', 'l3']);
    expect(ids({ to: '2026-11-19' })).toEqual(['l6']);
    expect(ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual(['l3']);
  });

  it('leaves undated old records out of a date range', () => {
    expect(ids({ from: '2000-01-01' })).not.toContain('l5');
    expect(ids({ to: '2099-12-31' })).not.toContain('l5'); // '' sorts before every day but is in no range
    expect(ids({ from: '', to: '' })).toContain('l5');
  });

  it("filters by client through the log's project", () => {
    expect(ids({ clientId: 'acme' })).toEqual(['l1', 'l3']);
    expect(ids({ clientId: 'beta' })).toEqual(['l2', 'l5']);
    expect(ids({ clientId: 'nobody' })).toEqual([]);
  });

  it('filters by project, task and member', () => {
    expect(ids({ projectId: 'web' })).toEqual(['l1', 'l3']);
    expect(ids({ taskId: 'build' })).toEqual(['l2', 'l3', 'l5']);
    expect(ids({ memberId: 'asha' })).toEqual(['l1', 'l4', 'l5']);
  });

  it('filters by a whole tag, ignoring case', () => {
    expect(ids({ tag: 'ui' })).toEqual(['l1', 'l6']); // not 'uikit'
    expect(ids({ tag: 'URGENT' })).toEqual(['l3']);
    expect(ids({ tag: 'urg' })).toEqual([]);
  });

  it('searches client, task, tags and the description text, ignoring case and surrounding spaces', () => {
    expect(ids({ text: 'acme' })).toEqual(['l1', 'l3']);
    expect(ids({ text: '  BUILD ' })).toEqual(['l2', 'l3', 'l5']);
    expect(ids({ text: 'backend' })).toEqual(['l2']);
    expect(ids({ text: 'home page layout' })).toEqual(['l1']);
    expect(ids({ text: 'api & auth' })).toEqual(['l2']); // entities decoded
  });

  it('does not match the markup of a description', () => {
    expect(ids({ text: 'strong' })).toEqual([]);
    expect(ids({ text: '&amp;' })).toEqual([]);
  });

  it('applies every part of the filter together', () => {
    expect(ids({ projectId: 'web', memberId: 'ravi' })).toEqual(['l3']);
    expect(ids({ from: '2026-11-20', memberId: 'asha', text: 'admin' })).toEqual(['l4']);
    expect(ids({ clientId: 'acme', tag: 'backend' })).toEqual([]);
  });
});

describe('groupByDay', () => {
  it('puts the newest day first, undated records last, with each day’s seconds', () => {
    const groups = groupByDay(logs);
    expect(groups.map((g) => g.day)).toEqual([
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
      '',
    ]);
    expect(groups.map((g) => g.seconds)).toEqual([900, 1800, 3600 + 600, 120, 300]);
  });

  it('keeps the stored order of logs within a day', () => {
    const day = groupByDay(logs).find((g) => g.day === '2026-11-20');
    expect(day?.logs.map((l) => l.id)).toEqual(['l1', 'l4']);
  });

  it('orders days across months and years', () => {
    const days = groupByDay([
      { date: '2025-12-31', dur: 1 },
      { date: '', dur: 1 },
      { date: '2026-01-01', dur: 1 },
      { date: '2026-10-02', dur: 1 },
    ]).map((g) => g.day);
    expect(days).toEqual(['2026-10-02', '2026-01-01', '2025-12-31', '']);
  });

  it('gives no groups for no logs', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
