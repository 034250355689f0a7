import { describe, expect, it, vi } from 'vitest';
import { checkDraft, emptyDraft, type TimeLogDraft } from '../../../src/lib/time-log-form';

const complete: TimeLogDraft = {
  ...emptyDraft('2026-11-22', 'asha'),
  projectId: 'website',
  taskId: 'design',
  desc: '<p>Home page layout</p>',
  tags: 'design, ui',
  duration: '1:30',
};

describe('emptyDraft', () => {
  it('starts blank on the given day and member', () => {
    expect(emptyDraft('2026-11-22', 'asha')).toEqual({
      date: '2026-11-22',
      projectId: '',
      taskId: '',
      memberId: 'asha',
      tags: '',
      desc: '',
      duration: '',
      st: '',
      end: '',
      exp: '',
      billable: '',
    });
    expect(emptyDraft('2026-11-22').memberId).toBe('');
  });
});

describe('checkDraft', () => {
  it('accepts a complete draft with its seconds and expenses', () => {
    expect(checkDraft(complete)).toEqual({ ok: true, value: { seconds: 5400, expenses: 0 } });
    expect(checkDraft({ ...complete, duration: '', exp: '250.50' })).toEqual({
      ok: true,
      value: { seconds: 0, expenses: 250.5 },
    });
  });

  it('reads commas in expenses as English digit grouping: ₹1,000 and ₹1,50,000.50', () => {
    expect(checkDraft({ ...complete, exp: '1,000' })).toMatchObject({
      ok: true,
      value: { expenses: 1000 },
    });
    expect(checkDraft({ ...complete, exp: '1,50,000.50' })).toMatchObject({
      ok: true,
      value: { expenses: 150000.5 },
    });
  });

  it('reads expenses in the person’s locale: 12,50 is twelve and a half, not 1250 (issue 47)', () => {
    expect(checkDraft({ ...complete, exp: '12,50' })).toMatchObject({
      ok: true,
      value: { expenses: 12.5 },
    });
    // A German browser groups thousands with a point and writes the decimal with a comma.
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', { language: 'de-DE' });
    try {
      expect(checkDraft({ ...complete, exp: '1.000' })).toMatchObject({
        ok: true,
        value: { expenses: 1000 },
      });
      expect(checkDraft({ ...complete, exp: '1.234,56' })).toMatchObject({
        ok: true,
        value: { expenses: 1234.56 },
      });
      expect(checkDraft({ ...complete, exp: '12,5,0' })).toMatchObject({
        ok: false,
        fields: { exp: 'Enter expenses of 0 or more' },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('needs only a day and a duration: no project, task, description or tags (issue 29)', () => {
    const bare = { ...emptyDraft('2026-11-22'), duration: '45m' };
    expect(checkDraft(bare)).toEqual({ ok: true, value: { seconds: 2700, expenses: 0 } });
    expect(checkDraft({ ...bare, tags: ' , ,', desc: '<p><br></p>' }).ok).toBe(true);
  });

  it('asks for a duration, unless the log is an expense on its own', () => {
    expect(checkDraft({ ...complete, duration: '' })).toEqual({
      ok: false,
      message: 'please fill Time Log section: Duration',
      fields: { duration: 'Enter how long, like 1:30 or 45m' },
    });
    expect(checkDraft({ ...complete, duration: '0:00' })).toMatchObject({
      ok: false,
      message: 'please fill Time Log section: Duration',
    });
  });

  it('names a missing project and task when the workspace requires them, in form order', () => {
    const required = { requireProjectAndTask: true };
    const result = checkDraft({ ...emptyDraft('2026-11-22'), duration: '1h' }, required);
    expect(result).toEqual({
      ok: false,
      message: 'please fill Time Log section: Client & Project, Task',
      fields: { projectId: 'Fill in Client & Project', taskId: 'Fill in Task' },
    });
    expect(checkDraft({ ...complete, taskId: '' }, required)).toMatchObject({
      ok: false,
      message: 'please fill Time Log section: Task',
    });
    expect(checkDraft({ ...complete, taskId: '' }).ok).toBe(true);
    expect(checkDraft({ ...complete, desc: '', tags: '' }, required).ok).toBe(true);
  });

  it('refuses a year outside 2000–2099 beside the date', () => {
    for (const date of ['0005-11-04', '1999-12-31', '2100-01-01'])
      expect(checkDraft({ ...complete, date })).toEqual({
        ok: false,
        message: 'Please correct the highlighted fields.',
        fields: { date: 'Enter a year from 2000 to 2099' },
      });
    expect(checkDraft({ ...complete, date: '2000-01-01' }).ok).toBe(true);
  });

  it('still refuses tags that cannot be stored', () => {
    expect(checkDraft({ ...complete, tags: 'a\u0000b' })).toMatchObject({ ok: false });
  });

  it('rejects a duration it cannot read, with the parser message', () => {
    const result = checkDraft({ ...complete, duration: 'abc' });
    expect(result).toEqual({
      ok: false,
      message: 'Please correct the highlighted fields.',
      fields: { duration: 'Use a duration like 1:30, 1h 30m, 90m or 1.5' },
    });
    expect(checkDraft({ ...complete, duration: '25h' })).toMatchObject({
      fields: { duration: 'A single log can be at most 24 hours' },
    });
  });

  it('reads expenses with a decimal point and refuses negatives and text', () => {
    expect(checkDraft({ ...complete, exp: '12.5' })).toMatchObject({
      ok: true,
      value: { expenses: 12.5 },
    });
    expect(checkDraft({ ...complete, exp: '  ' })).toMatchObject({
      ok: true,
      value: { expenses: 0 },
    });
    for (const exp of ['-3', 'abc', '1..2']) {
      expect(checkDraft({ ...complete, exp })).toEqual({
        ok: false,
        message: 'Please correct the highlighted fields.',
        fields: { exp: 'Enter expenses of 0 or more' },
      });
    }
  });

  it('asks for a date when there is none', () => {
    expect(checkDraft({ ...complete, date: '' })).toEqual({
      ok: false,
      message: 'Please correct the highlighted fields.',
      fields: { date: 'Choose a date' },
    });
  });

  it('still names the missing parts when other fields are also wrong', () => {
    const result = checkDraft(
      { ...complete, taskId: '', duration: 'abc', exp: '-1' },
      { requireProjectAndTask: true },
    );
    expect(result).toMatchObject({ ok: false, message: 'please fill Time Log section: Task' });
    if (result.ok) throw new Error('expected a failure');
    expect(Object.keys(result.fields).sort()).toEqual(['duration', 'exp', 'taskId']);
  });
});
