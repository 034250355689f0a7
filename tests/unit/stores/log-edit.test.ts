// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $timeLogs, addTimeLog, TIME_LOGS_KEY, type TimeLog } from '../../../src/stores/time-logs';
import { draftFromLog, logFieldLabels, saveLogEdit } from '../../../src/stores/track';

const now = new Date('2026-03-10T11:00:00Z');

function addLog(): TimeLog {
  return addTimeLog(
    {
      date: '2026-03-10',
      client: 'Acme Ltd / Website',
      projectId: 'p1',
      task: 'Design',
      taskId: 't1',
      tags: 'ui',
      desc: '<p>Wireframes</p>',
      dur: 2700,
      st: '',
      end: '',
      exp: 0,
      memberId: null,
    },
    false,
    now,
  ).log;
}

const stored = () => JSON.parse(localStorage.getItem(TIME_LOGS_KEY) ?? '[]') as TimeLog[];

/** What sync does with another device's change: store it (this tab hears no announcement). */
function otherDeviceChanges(id: string, changes: Partial<TimeLog>) {
  localStorage.setItem(
    TIME_LOGS_KEY,
    JSON.stringify(stored().map((log) => (log.id === id ? { ...log, ...changes } : log))),
  );
}

// Another tab of this browser announces its changes on the channel every tab hears.
const otherTab = new BroadcastChannel('hourmark-record-changes');
afterAll(() => otherTab.close());

/** What another tab does: change the stored log, and announce it, before this tab hears of it. */
async function otherTabChanges(id: string, changes: Partial<TimeLog>) {
  otherDeviceChanges(id, changes);
  const record = stored().find((log) => log.id === id) ?? null;
  otherTab.postMessage([{ key: TIME_LOGS_KEY, id, record }]);
  // Messages arrive as tasks of their own.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  localStorage.clear();
  $timeLogs.set([]);
  keepMount($timeLogs);
});
afterEach(() => vi.restoreAllMocks());

describe('saving the edit dialog', () => {
  it('writes only the fields the person changed, onto the freshest stored log', async () => {
    const opened = addLog();
    await otherTabChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), tags: 'ui, review' }, 2700, 0);
    expect(result).toMatchObject({ status: 'saved', saved: true });
    expect(stored()[0]).toMatchObject({ dur: 7200, tags: 'ui, review' });
    // The label of a project this tab does not know is untouched, not rewritten as empty.
    expect(stored()[0]?.client).toBe('Acme Ltd / Website');
  });

  it('writes nothing, not even the update time, when nothing was changed', () => {
    const opened = addLog();
    saveLogEdit(opened, draftFromLog(opened), 2700, 0);
    expect(stored()[0]?.updatedAt).toBe(now.toISOString());
  });

  it('reports a field changed in both tabs instead of overwriting it', async () => {
    const opened = addLog();
    await otherTabChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0);
    expect(result.status).toBe('conflict');
    if (result.status !== 'conflict') return;
    expect(logFieldLabels(result.fields)).toEqual(['Duration']);
    expect(result.origin).toBe('tab');
    expect(result.current.dur).toBe(7200);
    expect(stored()[0]?.dur).toBe(7200);
  });

  it('overwrites the other tab’s value when the person chooses to', async () => {
    const opened = addLog();
    await otherTabChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0, true);
    expect(result).toMatchObject({ status: 'saved', saved: true });
    expect(stored()[0]?.dur).toBe(3600);
  });

  it('says when the log was removed in another tab', async () => {
    const opened = addLog();
    localStorage.setItem(TIME_LOGS_KEY, '[]');
    otherTab.postMessage([{ key: TIME_LOGS_KEY, id: opened.id, record: null }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saveLogEdit(opened, { ...draftFromLog(opened), tags: 'x' }, 2700, 0)).toEqual({
      status: 'missing',
      origin: 'tab',
    });
  });

  it('says the clash came from another device when no tab of this browser made it (issue 29)', () => {
    const opened = addLog();
    otherDeviceChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0);
    expect(result).toMatchObject({ status: 'conflict', origin: 'device' });
  });

  it('says another device when it changed the field again after a tab did', async () => {
    const opened = addLog();
    await otherTabChanges(opened.id, { dur: 7200 });
    otherDeviceChanges(opened.id, { dur: 9000 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0);
    expect(result).toMatchObject({ status: 'conflict', origin: 'device' });
  });

  it('says another device removed a log no tab here removed', () => {
    const opened = addLog();
    localStorage.setItem(TIME_LOGS_KEY, '[]');
    expect(saveLogEdit(opened, { ...draftFromLog(opened), tags: 'x' }, 2700, 0)).toEqual({
      status: 'missing',
      origin: 'device',
    });
  });

  it('keeps the edit in memory and says so when storage refuses it; saving again is no conflict', () => {
    const opened = addLog();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const draft = { ...draftFromLog(opened), tags: 'ui, review' };
    const refused = saveLogEdit(opened, draft, 2700, 0);
    expect(refused).toMatchObject({ status: 'saved', saved: false, reason: 'quota' });
    expect($timeLogs.get()[0]?.tags).toBe('ui, review');
    expect(stored()[0]?.tags).toBe('ui');
    setItem.mockRestore();
    expect(saveLogEdit(opened, draft, 2700, 0)).toMatchObject({ status: 'saved', saved: true });
    expect(stored()[0]?.tags).toBe('ui, review');
  });
});

describe('announcing changes to the other tabs', () => {
  it('tells them which log this tab changed, and what it holds now', async () => {
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    const log = addLog();
    await new Promise((resolve) => setTimeout(resolve, 20));
    otherTab.onmessage = null;
    // Earlier tests' announcements may arrive too; this log's is the one of its own.
    const about = heard.flat().filter((a) => (a as { id: string }).id === log.id);
    expect(about).toEqual([{ key: TIME_LOGS_KEY, id: log.id, record: log }]);
  });
});
