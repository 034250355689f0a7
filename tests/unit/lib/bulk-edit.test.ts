import { describe, expect, it } from 'vitest';
import { bulkPatches, changesSomething, mergeTags } from '../../../src/lib/bulk-edit';
import type { TimeLog } from '../../../src/lib/entities/time-log';

const log = (id: string, fields: Partial<TimeLog> = {}): TimeLog => ({
  id,
  date: '2026-03-10',
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'design',
  desc: '',
  dur: 3600,
  st: '',
  end: '',
  exp: 0,
  memberId: 'm1',
  status: 'approved',
  ...fields,
});

const lookups = {
  projectLabel: (id: string) => (id === 'p2' ? 'Beta Corp / Audit' : ''),
  taskName: (id: string) => (id === 't9' ? 'Review' : ''),
  needsApproval: (id: string) => id === 'p3',
};

describe('bulk edit of time logs', () => {
  it('adds tags once each, ignoring case and blanks', () => {
    expect(mergeTags('design, Meeting', 'meeting, review ,, Design,launch')).toBe(
      'design, Meeting, review, launch',
    );
    expect(mergeTags('', ' a , b ')).toBe('a, b');
  });

  it('moves logs to another project with its label and task, touching only those that change', () => {
    const patches = bulkPatches(
      [
        log('a'),
        log('b', { projectId: 'p2', client: 'Beta Corp / Audit', taskId: 't9', task: 'Review' }),
      ],
      { projectId: 'p2', taskId: 't9' },
      lookups,
    );
    expect([...patches.keys()]).toEqual(['a']);
    expect(patches.get('a')).toEqual({
      projectId: 'p2',
      client: 'Beta Corp / Audit',
      taskId: 't9',
      task: 'Review',
    });
  });

  it('a project without a task clears the task; member "" is "Me"; untouched fields stay out', () => {
    const patches = bulkPatches([log('a')], { projectId: 'p2', memberId: '' }, lookups);
    expect(patches.get('a')).toEqual({
      projectId: 'p2',
      client: 'Beta Corp / Audit',
      taskId: null,
      task: '',
      memberId: null,
    });
    const tagsOnly = bulkPatches(
      [log('a'), log('b', { tags: 'design, x' })],
      { addTags: 'x' },
      lookups,
    );
    expect(Object.fromEntries(tagsOnly)).toEqual({ a: { tags: 'design, x' } });
  });

  it('a log moved onto a project that asks for approval is pending again; off it, approved', () => {
    const patches = bulkPatches(
      [
        log('approved'),
        log('pending', { projectId: 'p3', status: 'pending' }),
        log('stays', { projectId: 'p3', taskId: null, status: 'submitted' }),
      ],
      { projectId: 'p3' },
      lookups,
    );
    expect(patches.get('approved')).toMatchObject({ projectId: 'p3', status: 'pending' });
    // Already on p3 (only its task changes): its status stays.
    expect(patches.get('pending')).not.toHaveProperty('status');
    expect(patches.has('stays')).toBe(false);
    const off = bulkPatches(
      [log('waiting', { projectId: 'p3', status: 'pending' })],
      { projectId: 'p2' },
      lookups,
    );
    expect(off.get('waiting')).toMatchObject({ projectId: 'p2', status: 'approved' });
  });

  it('knows when nothing was chosen', () => {
    expect(changesSomething({})).toBe(false);
    expect(changesSomething({ addTags: ' , ' })).toBe(false);
    expect(changesSomething({ memberId: '' })).toBe(true);
    expect(changesSomething({ projectId: 'p2' })).toBe(true);
  });
});
