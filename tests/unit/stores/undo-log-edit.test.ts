// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { $timeLogs, addTimeLog, timeLogById } from '../../../src/stores/time-logs';
import { draftFromLog, saveLogEdit } from '../../../src/stores/track';
import { undoOfLogEdit } from '../../../src/stores/undo-log-edit';

beforeEach(() => {
  localStorage.clear();
  $timeLogs.set([]);
  keepMount($timeLogs);
});

describe('undo of an edit (issue 29)', () => {
  it('puts back the fields the edit changed, and leaves later changes to others alone', () => {
    const { log } = addTimeLog(
      {
        date: '2026-03-10',
        client: '',
        projectId: null,
        task: '',
        taskId: null,
        tags: 'ui',
        desc: '<p>Wireframes</p>',
        dur: 2700,
        st: '',
        end: '',
        exp: 0,
        memberId: null,
      },
      false,
    );
    const before = timeLogById(log.id)!;
    const saved = saveLogEdit(
      before,
      { ...draftFromLog(before), duration: '1:30', tags: 'ux' },
      5400,
      0,
    );
    expect(saved.status).toBe('saved');
    const undo = undoOfLogEdit(before);
    expect(undo).not.toBeNull();
    // Another change lands on the description before Undo is pressed.
    $timeLogs.set(
      $timeLogs.get().map((l) => (l.id === log.id ? { ...l, desc: '<p>Later</p>' } : l)),
    );
    undo?.();
    expect(timeLogById(log.id)).toMatchObject({ dur: 2700, tags: 'ui', desc: '<p>Later</p>' });
  });

  it('offers nothing when the edit changed nothing', () => {
    const { log } = addTimeLog(
      {
        date: '2026-03-10',
        client: '',
        projectId: null,
        task: '',
        taskId: null,
        tags: '',
        desc: '',
        dur: 60,
        st: '',
        end: '',
        exp: 0,
        memberId: null,
      },
      false,
    );
    expect(undoOfLogEdit(timeLogById(log.id)!)).toBeNull();
  });
});
