// @vitest-environment jsdom
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberSchema } from '../../../src/lib/entities/member';
import { timeLogSchema } from '../../../src/lib/entities/time-log';
import { $user } from '../../../src/stores/auth';
import { $team } from '../../../src/stores/team-list';
import { $timeLogs } from '../../../src/stores/time-log-list';
import { $dayLogs, $shownDay } from '../../../src/stores/track-day';

const member = (id: string, name: string, email: string, Role: string) =>
  memberSchema.parse({ id, name, email, Role, LoborRate: 0, BillableRate: 0, notes: '' });
const log = (id: string, memberId: string | null, dur: number, date = '2026-11-20') =>
  timeLogSchema.parse({ id, date, client: '', tags: '', desc: '', dur, exp: 0, memberId });

beforeEach(() => {
  localStorage.clear();
  $team.set([
    member('m-ravi', 'Ravi', 'Ravi@Example.com', 'Manager'),
    member('m-mei', 'Mei', 'mei@example.com', 'Normal'),
  ]);
  // Mei's 3:00 + 2:35 = 5:35 on the day, Ravi's 0:45, and Mei's hour of the next day.
  $timeLogs.set([
    log('mei-1', 'm-mei', 3 * 3600),
    log('mei-2', 'm-mei', 2 * 3600 + 35 * 60),
    log('ravi-1', 'm-ravi', 45 * 60),
    log('mei-3', 'm-mei', 3600, '2026-11-21'),
  ]);
  $shownDay.set('2026-11-20');
  keepMount($dayLogs);
});

afterEach(() => {
  cleanStores($dayLogs);
  $user.set(null);
});

describe('$dayLogs (issue 47)', () => {
  it("is the signed-in Manager's own day: 0:45, not the team's 6:20", () => {
    $user.set({ id: 'u1', name: 'Ravi', email: 'ravi@example.com', createdAt: '2026-11-01' });
    expect($dayLogs.get().logs.map((l) => l.id)).toEqual(['ravi-1']);
    expect($dayLogs.get().totalSeconds).toBe(2700);
  });

  it('is empty for a Manager who tracked nothing', () => {
    $timeLogs.set($timeLogs.get().filter((l) => l.memberId !== 'm-ravi'));
    $user.set({ id: 'u1', name: 'Ravi', email: 'ravi@example.com', createdAt: '2026-11-01' });
    expect($dayLogs.get()).toEqual({ logs: [], totalSeconds: 0 });
  });

  it('keeps logs that name no member (kept in this browser before there was a team)', () => {
    $timeLogs.set([...$timeLogs.get(), log('mine-before-sync', null, 600)]);
    $user.set({ id: 'u1', name: 'Ravi', email: 'ravi@example.com', createdAt: '2026-11-01' });
    expect(
      $dayLogs
        .get()
        .logs.map((l) => l.id)
        .sort(),
    ).toEqual(['mine-before-sync', 'ravi-1']);
    expect($dayLogs.get().totalSeconds).toBe(3300);
  });
});
