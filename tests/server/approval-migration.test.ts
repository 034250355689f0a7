import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { rows } from '../../src/server/sync/records';
import { drivers, fakeClock } from './support';
import { joinWorkspace, projectFields, pusher, signUp, teamMember } from './workspace-support';

// Issue 47, point 3: before the fix, turning approval on for a project left its earlier logs
// 'approved' though nobody approved them. Migration 0032 makes those pending where the change
// history shows the switch and nothing written since; anything it cannot tell stays as it is.

const MIGRATION = '0032_approval_nobody_gave';

describe.each(drivers)('logs approved by nobody on $name (migration 0032)', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const addLog = (id: string, date: string, projectId: string) => ({
    id,
    date,
    durationSeconds: 3600,
    projectId,
    memberId: 'm-norm',
  });
  const versionOf = async () => {
    const [row] = await rows<{ version: string }>(
      database.db,
      sql`SELECT version::text FROM workspaces WHERE id = ${admin.workspace.id}`,
    );
    return Number(row?.version);
  };
  const logs = async () =>
    new Map(
      (
        await rows<{ id: string; status: string; version: string }>(
          database.db,
          sql`SELECT id, data->>'status' AS status, version::text FROM time_logs
            WHERE workspace_id = ${admin.workspace.id}`,
        )
      ).map((r) => [r.id, { status: r.status, version: Number(r.version) }]),
    );
  /** What the code before the fix left: the project on, its logs as they were written. */
  const asBeforeTheFix = async (ids: string[], before: Awaited<ReturnType<typeof logs>>) => {
    for (const id of ids)
      await database.db.execute(
        sql`UPDATE time_logs SET data = data || '{"status":"approved"}'::jsonb,
          version = ${before.get(id)?.version ?? 0}
          WHERE workspace_id = ${admin.workspace.id} AND id = ${id}`,
      );
  };
  let versionBefore = 0;
  let written: Awaited<ReturnType<typeof logs>>;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.mig47@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    for (const id of ['p-late', 'p-back-off', 'p-unknown'])
      await ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(id, null), memberIds: ['m-norm'] },
      });
    const normal = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nik', email: 'nik.mig47@example.com' },
      'Normal',
      'm-norm',
      clock,
    );
    const earlier = [
      addLog('l-nobody', '2026-11-18', 'p-late'),
      addLog('l-edited', '2026-11-17', 'p-late'),
      addLog('l-locked', '2026-11-02', 'p-late'),
      addLog('l-invoiced', '2026-11-16', 'p-late'),
      addLog('l-back-off', '2026-11-18', 'p-back-off'),
      addLog('l-unknown', '2026-11-18', 'p-unknown'),
    ];
    for (const log of earlier) await ok(normal, 'addLog', log);
    const before = await logs();
    await ok(admin, 'editProject', { id: 'p-late', approval: true });
    await ok(admin, 'updateProject', { id: 'p-back-off', changes: { approval: true } });
    await ok(admin, 'editProject', { id: 'p-back-off', approval: false });
    await asBeforeTheFix(
      earlier.map((l) => l.id),
      before,
    );
    // Written since the switch: an Admin's change (it may have been a sign-off), and a new log
    // sent and approved.
    await ok(admin, 'editLog', { id: 'l-edited', description: 'Checked' });
    await ok(normal, 'addLog', addLog('l-new', '2026-11-19', 'p-late'));
    await ok(normal, 'submitWeek', { logIds: ['l-new'] });
    await ok(admin, 'reviewLogs', { logIds: ['l-new'], decision: 'approve' });
    // On an issued invoice; in a period locked since; switched on where no history says so.
    await database.db.execute(
      sql`UPDATE time_logs SET data = data || '{"invoice":"INV-0001"}'::jsonb
        WHERE workspace_id = ${admin.workspace.id} AND id = 'l-invoiced'`,
    );
    await database.db.execute(
      sql`UPDATE workspaces SET locked_up_to = '2026-11-08' WHERE id = ${admin.workspace.id}`,
    );
    await database.db.execute(
      sql`UPDATE projects SET data = data || '{"approval":true}'::jsonb
        WHERE workspace_id = ${admin.workspace.id} AND id = 'p-unknown'`,
    );
    written = await logs();
    expect([...written.values()].filter((l) => l.status === 'pending')).toEqual([]);
    versionBefore = await versionOf();
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE id = ${MIGRATION}`);
    expect(await migrate(database.transaction)).toEqual([MIGRATION]);
  });
  afterAll(async () => drop());

  it('makes pending only the logs nobody approved since approval was turned on', async () => {
    const after = await logs();
    const statuses = Object.fromEntries([...after].map(([id, l]) => [id, l.status]));
    expect(statuses).toEqual({
      'l-nobody': 'pending',
      'l-edited': 'approved',
      'l-locked': 'approved',
      'l-invoiced': 'approved',
      'l-back-off': 'approved',
      'l-unknown': 'approved',
      'l-new': 'approved',
    });
    // One version up, which the changed log carries, so devices pull it again; no other moves.
    expect(await versionOf()).toBe(versionBefore + 1);
    expect(after.get('l-nobody')?.version).toBe(versionBefore + 1);
    for (const id of after.keys())
      if (id !== 'l-nobody') expect(after.get(id)?.version, id).toBe(written.get(id)?.version);
  });

  it('changes nothing when run on data it has already mended', async () => {
    const version = await versionOf();
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE id = ${MIGRATION}`);
    expect(await migrate(database.transaction)).toEqual([MIGRATION]);
    expect(await versionOf()).toBe(version);
  });
});
