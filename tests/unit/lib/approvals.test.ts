import { describe, expect, it } from 'vitest';
import {
  pendsWhenApprovalStarts,
  reviewGroups,
  weekOf,
  weekSubmission,
} from '../../../src/lib/approvals';

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

describe('turning approval on for a project (issue 47)', () => {
  const upTo = '2026-11-08';
  it('makes the logs nobody reviewed pending, not those settled or in the workflow', () => {
    const pends = (status: string, date: string, invoice?: string) =>
      pendsWhenApprovalStarts({ status, date, invoice }, upTo);
    expect(pends('approved', '2026-11-18')).toBe(true);
    expect(pends('approved', '2026-11-09')).toBe(true);
    // A locked day, an issued invoice: as it was settled (only an Admin could send it).
    expect(pends('approved', '2026-11-08')).toBe(false);
    expect(pends('approved', '2026-11-18', 'INV-0001')).toBe(false);
    // Already in the workflow from an earlier time with approval.
    for (const status of ['pending', 'submitted', 'rejected'])
      expect(pends(status, '2026-11-18')).toBe(false);
    expect(pendsWhenApprovalStarts({ status: 'approved', date: '2026-01-02' }, null)).toBe(true);
  });
});
