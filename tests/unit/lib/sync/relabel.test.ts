import { describe, expect, it } from 'vitest';
import { relabel, type LocalRecords } from '../../../../src/lib/sync/local-records';

// The labels a record shows come from the current names of the records it names, as each
// kind's description says (issue 48: src/lib/records/kinds/*.ts `labels`).

/** Records as a cache holds them, with only the fields the labels read (cast: a fixture). */
const records = (lists: Partial<Record<keyof LocalRecords, object[]>>): LocalRecords =>
  ({ clients: [], projects: [], tasks: [], members: [], logs: [], ...lists }) as LocalRecords;

const cache = () =>
  records({
    clients: [{ id: 'c1', name: 'Nova Studio' }],
    projects: [
      { id: 'p1', projectName: 'Website', clientId: 'c1', client: 'Old name' },
      { id: 'p2', projectName: 'Internal', clientId: null, client: 'Stale' },
    ],
    tasks: [{ id: 't1', task: 'Design', projectId: 'p1', project: '', assigneeIds: ['m1', 'm9'] }],
    members: [{ id: 'm1', name: 'Asha' }],
    logs: [
      { id: 'l1', projectId: 'p1', taskId: 't1', client: '', task: '' },
      { id: 'l2', projectId: 'p2', taskId: null, client: '', task: 'Old' },
      { id: 'l3', projectId: 'gone', taskId: 'gone', client: 'Kept / Project', task: 'Kept' },
    ],
  });

describe('relabel', () => {
  it('labels projects, tasks and logs with the current names, and keeps those of missing records', () => {
    const out = relabel(cache());
    expect(out.projects.map((p) => p.client)).toEqual(['Nova Studio', '']);
    expect(out.tasks[0]).toMatchObject({ project: 'Website', assign: ['Asha'] });
    expect(out.logs.map((l) => [l.client, l.task])).toEqual([
      ['Nova Studio / Website', 'Design'],
      ['No client / Internal', ''],
      ['Kept / Project', 'Kept'],
    ]);
  });

  it('keeps every record and list that needs no change as it was', () => {
    const once = relabel(cache());
    expect(relabel(once)).toBe(once);
    const renamed = { ...once, clients: [{ ...once.clients[0]!, name: 'Nova' }] };
    const again = relabel(renamed);
    expect(again.projects[1]).toBe(once.projects[1]);
    expect(again.tasks).toBe(once.tasks);
    expect(again.projects[0]?.client).toBe('Nova');
    expect(again.logs[0]?.client).toBe('Nova / Website');
    expect(again.logs[1]).toBe(once.logs[1]);
  });
});
