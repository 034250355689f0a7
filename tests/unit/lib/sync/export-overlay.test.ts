import { describe, expect, it } from 'vitest';
import { withPendingChanges } from '../../../../src/lib/sync/export-overlay';
import type { LocalRecords } from '../../../../src/lib/sync/local-records';

const log = (id: string, dur: number) => ({ id, dur, date: '2026-11-20' });

describe('an export with this device’s unconfirmed changes', () => {
  const server = {
    exportedAt: '2026-11-23T10:00:00.000Z',
    clients: [{ id: 'c1', name: 'Acme' }],
    taskData: [log('l1', 3600), log('l2', 1800), log('l3', 600)],
  };
  const cache = {
    clients: [{ id: 'c1', name: 'Acme Ltd' }],
    projects: [],
    tasks: [],
    members: [],
    // l1 edited here, l2 deleted here, l4 made here; l3 untouched (the server's copy counts).
    logs: [log('l1', 5400), log('l3', 999), log('l4', 900)],
  } as unknown as LocalRecords;

  it('takes each record a pending change touches from the device, and leaves out what it deleted', () => {
    const file = withPendingChanges(
      server,
      [
        { record: 'timeLog:l1' },
        { record: 'timeLog:l2' },
        { record: 'timeLog:l4' },
        { record: 'client:c1' },
        { record: 'timer:me' },
      ],
      cache,
    );
    expect(file['taskData']).toEqual([log('l3', 600), log('l1', 5400), log('l4', 900)]);
    expect(file['clients']).toEqual([{ id: 'c1', name: 'Acme Ltd' }]);
    expect(file['exportedAt']).toBe('2026-11-23T10:00:00.000Z');
  });

  it('is the server’s file as it is when nothing waits', () => {
    expect(withPendingChanges(server, [], cache)).toEqual(server);
  });
});
