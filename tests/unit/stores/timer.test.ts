// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { $timeLogs, addTimeLog, type TimeLogInput } from '../../../src/stores/time-logs';
import { $storageNotices } from '../../../src/stores/storage-notices';
import { onLocalChange, type LocalEvent } from '../../../src/stores/local-changes';
import {
  $timer,
  continueLog,
  elapsedSeconds,
  startTimer,
  stopTimer,
} from '../../../src/stores/timer';

const at = (clock: string) => new Date(`2026-03-10T${clock}`);
const log: TimeLogInput = {
  date: '2026-03-10',
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'ui',
  desc: '<p>Wireframes</p>',
  dur: 1800,
  st: '09:00',
  end: '09:30',
  exp: 0,
  memberId: null,
};

beforeEach(() => {
  localStorage.clear();
  $timeLogs.set([]);
  $timer.set({ status: 'idle' });
  keepMount($timeLogs);
  keepMount($timer);
});

describe('stopwatch store', () => {
  it('sends Start, ▶ and Stop as the commands they are, each with the changes it made here', () => {
    const heard: LocalEvent[] = [];
    const stop = onLocalChange((event) => heard.push(event));
    try {
      const saved = addTimeLog(log, false, at('08:00:00')).log;
      heard.length = 0;
      startTimer('2026-03-10', at('09:00:00'));
      continueLog(saved, at('09:30:00'));
      stopTimer(at('09:40:00'));
      stopTimer(at('09:41:00'));
      const commands = heard.map((event) =>
        'command' in event
          ? { name: event.command.name, keys: event.changes.map((c) => c.key) }
          : { change: event.key },
      );
      // ▶ saves the running stopwatch first: that stop is part of the one continueLog command.
      // A second Stop with nothing running changes nothing and sends nothing.
      expect(commands).toEqual([
        { name: 'startTimer', keys: ['runningTimer'] },
        { name: 'continueLog', keys: ['runningTimer', 'taskData', 'runningTimer'] },
        { name: 'stopTimer', keys: ['runningTimer', 'taskData'] },
      ]);
      const continued = heard[1];
      expect(continued && 'command' in continued ? continued.command.args : null).toEqual({
        logId: saved.id,
        startedAt: at('09:30:00').getTime(),
        day: '2026-03-10',
        runId: expect.stringMatching(/^.+$/) as unknown,
        utcOffsetMinutes: -at('09:30:00').getTimezoneOffset(),
      });
    } finally {
      stop();
    }
  });

  it('names the log of a run started by an older version (no run id), and tells the server that name', () => {
    const heard: LocalEvent[] = [];
    const stop = onLocalChange((event) => heard.push(event));
    try {
      // An older version kept no runId: without a name from here, the server would save the
      // run under an id of its own and the screen would show it twice until the next pull.
      $timer.set({
        status: 'running',
        startedAt: at('09:00:00').getTime(),
        day: '2026-03-10',
        continueLogId: null,
      });
      stopTimer(at('10:00:00'));
      const [saved] = $timeLogs.get();
      const sent = heard.find((event) => 'command' in event);
      expect(sent && 'command' in sent ? sent.command.args['stoppedRunId'] : null).toBe(saved?.id);
      expect(saved?.dur).toBe(3600);
    } finally {
      stop();
    }
  });

  it('stores a start timestamp, so the elapsed time comes from the clock, not from ticks', () => {
    startTimer('2026-03-10', at('09:00:00'));
    const state = $timer.get();
    expect(state).toMatchObject({ status: 'running', startedAt: at('09:00:00').getTime() });
    // An hour in a background tab: nothing ticked, yet the figure is right.
    expect(elapsedSeconds(state, at('10:00:05').getTime())).toBe(3605);
    expect(JSON.parse(localStorage.getItem('runningTimer') ?? '{}')).toMatchObject({
      status: 'running',
    });
  });

  it('saves the elapsed time as a log of the day it ran, not the day the screen showed', () => {
    // Started while looking at the 9th, stopped while looking at today: it ran on the 10th.
    startTimer('2026-03-09', at('09:00:00'));
    stopTimer(at('10:15:30'));
    expect($timer.get()).toEqual({ status: 'idle' });
    expect($timeLogs.get()).toHaveLength(1);
    expect($timeLogs.get()[0]).toMatchObject({
      date: '2026-03-10',
      dur: 4530,
      st: '09:00',
      end: '10:15',
    });
  });

  it('saves a run past midnight as one log per day', () => {
    startTimer('2026-03-10', at('23:00:00'));
    stopTimer(new Date('2026-03-11T00:45:00'));
    expect(
      $timeLogs
        .get()
        .map((l) => [l.date, l.st, l.end, l.dur])
        .sort(),
    ).toEqual([
      ['2026-03-10', '23:00', '00:00', 3600],
      ['2026-03-11', '00:00', '00:45', 2700],
    ]);
  });

  it('stops and saves the running stopwatch before starting a new one', () => {
    startTimer('2026-03-10', at('09:00:00'));
    startTimer('2026-03-10', at('09:20:00'));
    expect($timeLogs.get().map((l) => l.dur)).toEqual([1200]);
    expect($timer.get()).toMatchObject({ startedAt: at('09:20:00').getTime() });
  });

  it('continues a past log as a new log today, for the person pressing ▶, never into the old one', () => {
    // Someone else's log of the 9th, which may well be locked, approved or invoiced by now.
    const old = { ...log, date: '2026-03-09', memberId: 'm-ravi' };
    const saved = addTimeLog(old, false, at('09:30:00')).log;
    const id = saved.id;
    continueLog(saved, at('11:00:00'));
    stopTimer(at('11:10:00'));
    const logs = $timeLogs.get();
    expect(logs).toHaveLength(2);
    expect(logs.find((l) => l.id === id)).toMatchObject({ date: '2026-03-09', dur: 1800 });
    expect(logs.find((l) => l.id !== id)).toMatchObject({
      date: '2026-03-10',
      dur: 600,
      st: '11:00',
      end: '11:10',
      projectId: 'p1',
      tags: 'ui',
      desc: '<p>Wireframes</p>',
      memberId: null,
    });
  });

  it('saves a run an older version started to continue a log as a new log', () => {
    const id = addTimeLog(log, false, at('09:30:00')).log.id;
    $timer.set({
      status: 'running',
      startedAt: at('11:00:00').getTime(),
      day: '2026-03-10',
      continueLogId: id,
    });
    stopTimer(at('11:10:00'));
    expect($timeLogs.get().find((l) => l.id === id)?.dur).toBe(1800);
    expect($timeLogs.get().find((l) => l.id !== id)).toMatchObject({ dur: 600, tags: 'ui' });
  });

  it('does nothing on Stop when no stopwatch runs', () => {
    stopTimer(at('10:00:00'));
    expect($timeLogs.get()).toHaveLength(0);
  });

  it('treats an unreadable stored timer as stopped, keeps it aside and says so', () => {
    startTimer('2026-03-10', at('09:00:00'));
    localStorage.setItem('runningTimer', '{"status":"running","startedAt":"soon"}');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'runningTimer',
        newValue: '{"status":"running","startedAt":"soon"}',
      }),
    );
    expect($timer.get()).toEqual({ status: 'idle' });
    expect(elapsedSeconds($timer.get(), Date.now())).toBe(0);
    const aside = Object.keys(localStorage).find((k) => k.startsWith('runningTimer.corrupt.'));
    expect(aside && localStorage.getItem(aside)).toBe('{"status":"running","startedAt":"soon"}');
    expect($storageNotices.get().map((n) => n.key)).toContain('runningTimer');
  });
});
