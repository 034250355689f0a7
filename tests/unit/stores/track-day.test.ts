// @vitest-environment jsdom
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unknownAccess, type Access } from '../../../src/lib/abilities';
import { timeLogSchema, type TimeLog } from '../../../src/lib/entities/time-log';
import { forgetAccess, rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $timeLogs } from '../../../src/stores/time-log-list';
import { $dayLogs, $shownDay } from '../../../src/stores/track-day';

const owner = { userId: 'u-ravi', workspaceId: 'w1', workspaceName: 'Agency' };
const signedInAs = (role: Access['role'], memberId: string | null) =>
  rememberAccess(owner, { ...unknownAccess, role, memberId });
const log = (id: string, memberId: string | null, dur: number, date = '2026-11-20'): TimeLog => ({
  ...timeLogSchema.parse({ date, client: '', tags: '', desc: '', dur, exp: 0, memberId }),
  id,
});
const shown = () => $dayLogs.get().logs.map((l) => l.id);

beforeEach(() => {
  localStorage.clear();
  $cacheOwner.set(owner);
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
  forgetAccess();
  $cacheOwner.set(null);
});

describe('$dayLogs (issue 47)', () => {
  it("is a Manager's own day: 0:45, not the team's 6:20", () => {
    signedInAs('Manager', 'm-ravi');
    expect(shown()).toEqual(['ravi-1']);
    expect($dayLogs.get().totalSeconds).toBe(2700);
  });

  it('is empty for a Manager who tracked nothing', () => {
    $timeLogs.set($timeLogs.get().filter((l) => l.memberId !== 'm-ravi'));
    signedInAs('Manager', 'm-ravi');
    expect($dayLogs.get()).toEqual({ logs: [], totalSeconds: 0 });
  });

  it('keeps logs that name no member (kept in this browser before there was a team)', () => {
    $timeLogs.set([...$timeLogs.get(), log('before-sync', null, 600)]);
    signedInAs('Normal', 'm-ravi');
    expect(shown().sort()).toEqual(['before-sync', 'ravi-1']);
    expect($dayLogs.get().totalSeconds).toBe(3300);
  });

  it('keeps every log for an Admin, who enters time for people without an account', () => {
    signedInAs('Admin', 'm-ravi');
    expect($dayLogs.get().totalSeconds).toBe(3 * 3600 + 2 * 3600 + 35 * 60 + 45 * 60);
  });
});
