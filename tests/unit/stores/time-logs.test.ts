// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $timeLogs,
  addTimeLog,
  removeTimeLog,
  TIME_LOGS_KEY,
  updateTimeLog,
  type TimeLogInput,
} from '../../../src/stores/time-logs';
import { recordsDecoded } from '../../../src/stores/record-decoder';

const input: TimeLogInput = {
  date: '2026-03-10',
  client: 'Acme / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'ui',
  desc: '<p>Wireframes</p>',
  dur: 5400,
  st: '09:00',
  end: '10:30',
  exp: 0,
  memberId: null,
};
const now = new Date('2026-03-10T11:00:00Z');

beforeEach(() => {
  localStorage.clear();
  $timeLogs.set([]);
  keepMount($timeLogs);
});

describe('time-log store', () => {
  it('stores new logs newest first under the documented taskData key', () => {
    addTimeLog(input, false, now);
    addTimeLog({ ...input, desc: '<p>Second</p>' }, false, now);
    const stored = JSON.parse(localStorage.getItem(TIME_LOGS_KEY) ?? '[]') as {
      desc: string;
      status: string;
      id: string;
    }[];
    expect(TIME_LOGS_KEY).toBe('taskData');
    expect(stored.map((l) => l.desc)).toEqual(['<p>Second</p>', '<p>Wireframes</p>']);
    expect(stored[0]?.status).toBe('approved');
    expect(stored[0]?.id).toMatch(/[0-9a-f-]{36}/);
  });

  it('marks logs of projects that need approval as pending', () => {
    expect(addTimeLog(input, true, now).log.status).toBe('pending');
  });

  it('updates a log in place, keeping its position and creation time', () => {
    const first = addTimeLog(input, false, now).log;
    addTimeLog({ ...input, desc: 'top' }, false, now);
    updateTimeLog(first.id, { dur: 60 }, new Date('2026-03-11T00:00:00Z'));
    const [top, edited] = $timeLogs.get();
    expect(top?.desc).toBe('top');
    expect(edited?.dur).toBe(60);
    expect(edited?.createdAt).toBe(now.toISOString());
    expect(edited?.updatedAt).toBe('2026-03-11T00:00:00.000Z');
  });

  it('removes a log and puts it back where it was on undo', () => {
    const a = addTimeLog({ ...input, desc: 'a' }, false, now).log;
    addTimeLog({ ...input, desc: 'b' }, false, now);
    const { undo } = removeTimeLog(a.id);
    expect($timeLogs.get().map((l) => l.desc)).toEqual(['b']);
    undo();
    expect($timeLogs.get().map((l) => l.desc)).toEqual(['b', 'a']);
    undo();
    expect($timeLogs.get()).toHaveLength(2);
  });

  it('loads logs written by the original app, giving them ids', () => {
    localStorage.setItem(
      TIME_LOGS_KEY,
      JSON.stringify([
        { client: 'Old', task: 'T', tags: 'x', desc: 'd', dur: 10, st: 0, end: 0, exp: 0 },
      ]),
    );
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: TIME_LOGS_KEY,
        newValue: localStorage.getItem(TIME_LOGS_KEY),
      }),
    );
    const [log] = $timeLogs.get();
    expect(log).toMatchObject({
      id: 'legacy-0',
      client: 'Old',
      dur: 10,
      st: '',
      end: '',
      date: '',
      status: 'approved',
    });
  });

  it('repairs a log whose id is a number once the zod schema has loaded (issue 29)', async () => {
    const raw = JSON.stringify([
      { ...input, id: 'now', dur: 60 },
      { ...input, id: 1700000000000, dur: 30 },
    ]);
    localStorage.setItem(TIME_LOGS_KEY, raw);
    window.dispatchEvent(new StorageEvent('storage', { key: TIME_LOGS_KEY, newValue: raw }));
    // The log in the shape the app writes is there at once; the other waits for its schema.
    expect($timeLogs.get().map((log) => log.id)).toEqual(['now']);
    await recordsDecoded();
    expect($timeLogs.get().map((log) => [log.id, log.dur])).toEqual([
      ['now', 60],
      ['1700000000000', 30],
    ]);
    expect(localStorage.getItem(TIME_LOGS_KEY)).toBe(raw);
  });
});
