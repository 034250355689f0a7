import type { TimeLog } from '../../../../src/lib/entities/time-log';
import { describe, expect, it } from 'vitest';
import { planUpload, stableLogId } from '../../../../src/lib/sync/upload';
import { legacyRecords } from './legacy-data';

describe('planning the upload of data found in this browser', () => {
  const plan = planUpload(legacyRecords());

  it('creates every record in an order the server accepts, resolving names to ids', () => {
    expect(plan.mutations.map((m) => `${m.name} ${m.args.id}`)).toEqual([
      'createClient c1',
      'createMember m1',
      'createProject p1',
      'createTask Website::Design',
      'addTimeLog l1',
      `addTimeLog ${stableLogId('legacy-1', legacyRecords().logs[1] ?? {})}`,
    ]);
    expect(plan.counts).toEqual({ clients: 1, projects: 1, tasks: 1, members: 1, logs: 2 });
  });

  it('turns legacy values into the strict fields: numbers from text, codes from labels, ids from names', () => {
    const fields = (id: string) => plan.mutations.find((m) => m.args.id === id)?.args.fields;
    expect(fields('c1')).toMatchObject({ phone: '98450', taxPercentage: 18 });
    expect(fields('p1')).toMatchObject({
      clientId: 'c1',
      hours: 40,
      billable: 'project',
      rounding: 'up',
    });
    expect(fields('Website::Design')).toEqual({
      projectId: 'p1',
      task: 'Design',
      assigneeIds: ['m1'],
      billableRate: null,
    });
    expect(fields('m1')).toMatchObject({ LoborRate: 400, BillableRate: 900, Role: 'Manager' });
    expect(fields('l1')).toMatchObject({
      exp: 250.5,
      dur: 5400,
      projectId: 'p1',
      taskId: 'Website::Design',
    });
  });

  it('dates a log the original app saved without a date by the day it was created', () => {
    const legacy = plan.mutations.find((m) => m.args.id.startsWith('legacy-'));
    expect(legacy?.args.fields).toMatchObject({ date: '2025-03-02', dur: 600 });
    expect(legacy?.args.createdAt).toBe('2025-03-02T08:00:00.000Z');
  });

  it('dates a log with neither date nor creation time by the day of the upload', () => {
    const [, legacy] = legacyRecords().logs;
    const undated = { ...legacy, id: 'legacy-0', date: '', createdAt: undefined } as TimeLog;
    const records = { ...legacyRecords(), logs: [undated] };
    expect(planUpload(records, '2026-11-23').mutations.at(-1)?.args.fields).toMatchObject({
      date: '2026-11-23',
    });
    const [problem] = planUpload(records).problems;
    expect(problem?.problem).toBe('date: Use YYYY-MM-DD');
    expect(problem?.id).toMatch(/^legacy-/);
  });

  it('gives a log without an id the same id every time, whatever its position', () => {
    const [, legacy] = legacyRecords().logs;
    expect(stableLogId('legacy-1', legacy ?? {})).toBe(
      stableLogId('legacy-7', { ...legacy, id: 'legacy-7' }),
    );
    expect(stableLogId('l1', {})).toBe('l1');
  });

  it('drops control characters from the data it finds instead of leaving a record behind', () => {
    // Issue 24: the write schemas refuse them; data from before keeps what a person meant.
    const records = legacyRecords();
    const [bolt] = records.clients;
    const [log] = records.logs;
    if (!bolt || !log) throw new Error('legacy data changed');
    records.clients = [
      { ...bolt, name: 'Bolt\u0001', address: '2 Market\u000B Street\nPune\uFFFF' },
    ];
    records.logs = [{ ...log, tags: 'design\u001F', desc: '<p>Rev\u0008iew</p>' }];
    const planned = planUpload(records);
    expect(planned.problems).toEqual([]);
    const fields = (id: string) => planned.mutations.find((m) => m.args.id === id)?.args.fields;
    expect(fields('c1')).toMatchObject({ name: 'Bolt', address: '2 Market Street\nPune' });
    expect(fields('l1')).toMatchObject({ tags: 'design', desc: '<p>Review</p>' });
  });

  it('keeps a log filed under another project’s task, without that task', () => {
    const records = legacyRecords();
    const [first] = records.logs;
    const stray = { ...first, id: 'stray', projectId: 'elsewhere' } as TimeLog;
    const project = { ...records.projects[0], id: 'elsewhere', projectName: 'Elsewhere' };
    const mixed = {
      ...records,
      projects: [...records.projects, project] as typeof records.projects,
      logs: [stray],
    };
    const sent = planUpload(mixed).mutations.find((m) => m.args.id === 'stray');
    expect(sent?.args.fields).toMatchObject({ projectId: 'elsewhere', taskId: null, dur: 5400 });
  });

  it('lists what it cannot send, with the reason, instead of dropping it', () => {
    expect(plan.problems).toEqual([
      { kind: 'timeLog', id: 'l3', problem: 'Its project was deleted.' },
    ]);
  });
});
