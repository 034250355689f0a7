import { describe, expect, it } from 'vitest';
import {
  cellAction,
  dayTotals,
  lastWeekRows,
  timesheetRows,
  weekDays,
} from '../../../src/lib/timesheet';

// The week of Monday 23 Nov 2026 for Asha (m1): Website·Design 1:30 on Mon and 0:45 + 0:15 on
// Wed; Support (no task) 2:00 on Fri. Bilal's log and a log of the week before are not on it.
const log = (
  id: string,
  date: string,
  projectId: string,
  taskId: string | null,
  dur: number,
  memberId = 'm1',
) => ({
  id,
  date,
  projectId,
  taskId,
  memberId,
  dur,
});
const logs = [
  log('a', '2026-11-23', 'web', 'design', 5400),
  log('b', '2026-11-25', 'web', 'design', 2700),
  log('c', '2026-11-25', 'web', 'design', 900),
  log('d', '2026-11-27', 'sup', null, 7200),
  log('e', '2026-11-24', 'web', 'design', 3600, 'm2'),
  log('f', '2026-11-17', 'ops', 'deploy', 1800),
  log('g', '2026-11-18', 'web', 'design', 600),
];
const names: Record<string, string> = { web: 'Website', sup: 'Support', ops: 'Operations' };
const label = (r: { projectId: string; taskId: string | null }) =>
  `${names[r.projectId] ?? '?'}${r.taskId ? ` · ${r.taskId}` : ''}`;

describe('timesheetRows', () => {
  const rows = timesheetRows(logs, { memberId: 'm1', from: '2026-11-23', label });

  it('has a row per project and task of the person’s week, by name, with cells per day', () => {
    expect(rows.map((r) => [label(r), r.seconds])).toEqual([
      ['Support', 7200],
      ['Website · design', 9000],
    ]);
    const website = rows[1];
    expect(website?.cells.map((c) => c.map((l) => l.id))).toEqual([
      ['a'],
      [],
      ['b', 'c'],
      [],
      [],
      [],
      [],
    ]);
  });

  it('totals each day and the week', () => {
    // Mon 5400, Wed 2700 + 900 = 3600, Fri 7200; the week 16200 s (4:30).
    expect(dayTotals(rows)).toEqual({ days: [5400, 0, 3600, 0, 7200, 0, 0], week: 16200 });
  });

  it('keeps added rows while they are empty', () => {
    const withEmpty = timesheetRows(logs, {
      memberId: 'm1',
      from: '2026-11-23',
      extraRows: [{ projectId: 'ops', taskId: 'deploy' }],
      label,
    });
    expect(withEmpty.map(label)).toEqual(['Operations · deploy', 'Support', 'Website · design']);
    expect(withEmpty[0]?.seconds).toBe(0);
  });
});

describe('lastWeekRows', () => {
  it('lists the project and task rows of the week before, once each', () => {
    expect(lastWeekRows(logs, 'm1', '2026-11-23')).toEqual([
      { projectId: 'ops', taskId: 'deploy' },
      { projectId: 'web', taskId: 'design' },
    ]);
  });
});

describe('weekDays and cellAction', () => {
  it('gives seven days across a month end', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('adds to an empty cell, changes or removes a lone log, and leaves a crowded cell alone', () => {
    expect(cellAction([], 3600)).toEqual({ kind: 'add', seconds: 3600 });
    expect(cellAction([], 0)).toEqual({ kind: 'none' });
    expect(cellAction([logs[0]!], 1800)).toEqual({ kind: 'change', id: 'a', seconds: 1800 });
    expect(cellAction([logs[0]!], 5400)).toEqual({ kind: 'none' });
    expect(cellAction([logs[0]!], 0)).toEqual({ kind: 'remove', id: 'a' });
    expect(cellAction([logs[1]!, logs[2]!], 600)).toEqual({ kind: 'none' });
  });
});
