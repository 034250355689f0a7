import { describe, expect, it } from 'vitest';
import { entryNamed, recentEntries } from '../../../src/lib/recent-entries';

const log = (
  date: string,
  desc: string,
  projectId: string | null,
  client = '',
  task = '',
  tags = '',
  createdAt = `${date}T09:00:00.000Z`,
) => ({ date, createdAt, desc, client, projectId, task, taskId: task ? `t-${task}` : null, tags });

const logs = [
  log('2026-11-20', '<p>Weekly call</p>', 'p1', 'Acme Ltd / Website', 'Meetings', 'call'),
  log(
    '2026-11-24',
    '<p>Weekly <strong>call</strong></p>',
    'p1',
    'Acme Ltd / Website',
    'Meetings',
    'call',
  ),
  log('2026-11-23', '<p>Weekly call</p>', 'p2', 'Bolt / App', '', ''),
  log('2026-11-25', '<p>Home page</p>', 'p1', 'Acme Ltd / Website', 'Design'),
  log('2026-11-25', '', 'p1', 'Acme Ltd / Website'),
];

describe('recent entries offered while typing what the stopwatch is for', () => {
  it('offers matching descriptions newest first, each with its project, task and tags once', () => {
    expect(recentEntries(logs, 'WEEKLY')).toEqual([
      {
        description: 'Weekly call',
        projectId: 'p1',
        taskId: 't-Meetings',
        tags: 'call',
        detail: 'Acme Ltd / Website · Meetings · call',
      },
      { description: 'Weekly call', projectId: 'p2', taskId: null, tags: '', detail: 'Bolt / App' },
    ]);
  });

  it('offers the latest work when nothing is typed, and never a log without words', () => {
    expect(recentEntries(logs, '  ').map((e) => `${e.description} (${e.detail})`)).toEqual([
      'Home page (Acme Ltd / Website · Design)',
      'Weekly call (Acme Ltd / Website · Meetings · call)',
      'Weekly call (Bolt / App)',
    ]);
    expect(recentEntries(logs, '', 1)).toHaveLength(1);
  });

  it('brings back the newest entry of a chosen description', () => {
    expect(entryNamed(recentEntries(logs, ''), 'Weekly call ')?.projectId).toBe('p1');
    expect(entryNamed(recentEntries(logs, ''), 'Nothing like it')).toBeNull();
  });
});
