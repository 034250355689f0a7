import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { rebase, type PulledChange } from '../../src/lib/sync/rebase';
import { planUpload } from '../../src/lib/sync/upload';
import { legacyRecords } from '../unit/lib/sync/legacy-data';
import { context, drivers, get, post } from './support';
import { signUp } from './workspace-support';

describe.each(drivers)('uploading data found in this browser, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  it('round-trips every record through the server with labels derived again, and a retry adds nothing', async () => {
    const { cookie, workspace } = await signUp(database, {
      name: 'Meera',
      email: 'meera@example.com',
    });
    const workspaceId = workspace.id;
    const plan = planUpload(legacyRecords());
    const upload = (firstId: number) =>
      handlePush(
        post(
          '/sync/push',
          {
            workspaceId,
            clientId: 'upload-device-0123456789',
            mutations: plan.mutations.map((m, i) => ({
              id: firstId + i,
              name: m.name,
              args: m.args,
            })),
          },
          cookie,
        ),
        context(database),
      ).then(async (r) => (await r.json()) as { results: { outcome: string; reason?: string }[] });

    expect((await upload(1)).results.map((r) => r.outcome)).toEqual(Array(6).fill('ok'));
    // Sent again as new mutations (the browser lost track of what it had sent): nothing doubles.
    expect((await upload(100)).results.map((r) => r.reason)).toEqual(
      Array(6).fill('already_exists'),
    );

    const pulled = (await (
      await handlePull(get(`/sync/pull?workspace=${workspaceId}`, cookie), context(database))
    ).json()) as {
      changes: PulledChange[];
    };
    // Into an empty browser the way the sync engine does it (a first pull replaces the cache).
    const { local } = rebase({
      local: { clients: [], projects: [], tasks: [], members: [], logs: [] },
      timer: { status: 'idle' },
      changes: pulled.changes.filter((c) => c.id !== workspace.memberId),
      reset: true,
      pending: [],
      bases: {},
      now: '2026-11-23T09:00:00.000Z',
    });

    expect(local.clients).toEqual([
      expect.objectContaining({
        id: 'c1',
        name: 'Bolt',
        phone: '98450',
        taxPercentage: 18,
        createdAt: '2026-01-05T12:00:00.000Z',
      }),
    ]);
    expect(local.projects).toEqual([
      expect.objectContaining({
        id: 'p1',
        client: 'Bolt',
        clientId: 'c1',
        hours: 40,
        billable: 'project',
        date: 5,
        month: 0,
        year: 2026,
      }),
    ]);
    expect(local.tasks).toEqual([
      expect.objectContaining({
        id: 'Website::Design',
        project: 'Website',
        projectId: 'p1',
        assign: ['Asha'],
        assigneeIds: ['m1'],
      }),
    ]);
    expect(
      local.logs.map((l) => [
        l.id.startsWith('legacy-') ? 'legacy' : l.id,
        l.date,
        l.client,
        l.task,
        l.dur,
        l.exp,
      ]),
    ).toEqual([
      ['l1', '2026-11-20', 'Bolt / Website', 'Design', 5400, 250.5],
      ['legacy', '2025-03-02', '', '', 600, 0],
    ]);
  });
});
