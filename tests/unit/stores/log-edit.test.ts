// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** What another tab does: change the stored log before this tab hears about it. */
function otherTabChanges(id: string, changes: Partial<TimeLog>) {
  localStorage.setItem(
    TIME_LOGS_KEY,
    JSON.stringify(stored().map((log) => (log.id === id ? { ...log, ...changes } : log))),
  );
}

beforeEach(() => {
  localStorage.clear();
  $timeLogs.set([]);
  keepMount($timeLogs);
});
afterEach(() => vi.restoreAllMocks());

describe('saving the edit dialog', () => {
  it('writes only the fields the person changed, onto the freshest stored log', () => {
    const opened = addLog();
    otherTabChanges(opened.id, { dur: 7200 });
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

  it('reports a field changed in both tabs instead of overwriting it', () => {
    const opened = addLog();
    otherTabChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0);
    expect(result.status).toBe('conflict');
    if (result.status !== 'conflict') return;
    expect(logFieldLabels(result.fields)).toEqual(['Duration']);
    expect(result.current.dur).toBe(7200);
    expect(stored()[0]?.dur).toBe(7200);
  });

  it('overwrites the other tab’s value when the person chooses to', () => {
    const opened = addLog();
    otherTabChanges(opened.id, { dur: 7200 });
    const result = saveLogEdit(opened, { ...draftFromLog(opened), duration: '1h' }, 3600, 0, true);
    expect(result).toMatchObject({ status: 'saved', saved: true });
    expect(stored()[0]?.dur).toBe(3600);
  });

  it('says when the log was removed in another tab', () => {
    const opened = addLog();
    localStorage.setItem(TIME_LOGS_KEY, '[]');
    expect(saveLogEdit(opened, { ...draftFromLog(opened), tags: 'x' }, 2700, 0)).toEqual({
      status: 'missing',
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
