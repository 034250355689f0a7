import { describe, expect, it } from 'vitest';
import { reviewGroups, weekOf, weekSubmission } from '../../../src/lib/approvals';

const log = (id: string, date: string, status: string, memberId = 'me', projectId = 'p1') => ({
  id,
  date,
  memberId,
  projectId,
  status,
  dur: 3600,
});

describe('submitting a week', () => {
  it('knows the week of a day for the workspace’s first weekday', () => {
    // 25 Nov 2026 is a Wednesday.
    expect(weekOf('2026-11-25', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-25', 0)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
  });

  it('sends the member’s pending and rejected logs of the week on projects with approval', () => {
    const logs = [
      log('a', '2026-11-23', 'pending'),
      log('b', '2026-11-29', 'rejected'),
      log('c', '2026-11-24', 'submitted'),
      log('d', '2026-11-24', 'approved'),
      log('e', '2026-11-22', 'pending'),
      log('f', '2026-11-24', 'pending', 'someone else'),
      log('g', '2026-11-24', 'pending', 'me', 'p-free'),
    ];
    const { toSubmit, submitted } = weekSubmission(logs, {
      memberId: 'me',
      week: weekOf('2026-11-25', 1),
      needsApproval: (projectId) => projectId === 'p1',
    });
    expect(toSubmit.map((l) => l.id)).toEqual(['a', 'b']);
    expect(submitted.map((l) => l.id)).toEqual(['c']);
  });
});

describe('reviewing', () => {
  it('groups submitted logs by week and member, newest week first, with their hours', () => {
    const groups = reviewGroups(
      [
        log('a', '2026-11-17', 'submitted', 'nik'),
        log('b', '2026-11-24', 'submitted', 'nik'),
        log('c', '2026-11-25', 'submitted', 'asha'),
        log('d', '2026-11-26', 'submitted', 'asha'),
        log('e', '2026-11-26', 'pending', 'asha'),
        log('f', '2026-11-26', 'submitted', 'olu', 'p-not-mine'),
      ],
      1,
      (l) => l.projectId === 'p1',
    );
    expect(groups.map((g) => [g.week.from, g.memberId, g.logs.length, g.seconds])).toEqual([
      ['2026-11-23', 'asha', 2, 7200],
      ['2026-11-23', 'nik', 1, 3600],
      ['2026-11-16', 'nik', 1, 3600],
    ]);
  });
});
