import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock, post } from './support';
import { signUp, timeLogFields } from './workspace-support';

// Mutation ids a device reuses (issue 25, point 5): a push whose ids go down, repeat, or name
// another change than the one applied under that id is refused as a whole with 409
// mutation_ids_reused, never answered "ok" unapplied; re-sending the very changes already
// applied (after a lost answer) is still answered from what was stored.

const REUSED = {
  error: 'mutation_ids_reused',
  message:
    'This device numbered new changes like changes already saved, so none of these were saved: send them again under a new client id.',
};

describe.each(drivers)('reused mutation ids on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let me: Awaited<ReturnType<typeof signUp>>;
  let device = 0;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    me = await signUp(database, { name: 'Ravi', email: 'ravi.ids@example.com' }, clock);
  });
  afterAll(async () => drop());

  const addLog = (id: number, logId: string, dur = 600) => ({
    id,
    name: 'addTimeLog',
    args: { id: logId, fields: timeLogFields('2026-11-21', null, dur) },
  });
  const newDevice = () => `ids-device-${(device += 1)}-${'x'.repeat(16)}`;
  async function push(clientId: string, mutations: ReturnType<typeof addLog>[]) {
    const res = await handlePush(
      post('/sync/push', { workspaceId: me.workspace.id, clientId, mutations }, me.cookie),
      context(database, clock),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const logs = async () =>
    (
      await rows<{ id: string; dur: number }>(
        database.db,
        sql`SELECT id, (data->>'dur')::int AS dur FROM time_logs WHERE workspace_id = ${me.workspace.id} ORDER BY id`,
      )
    ).map((r) => `${r.id} ${r.dur}`);
  const lastOf = async (clientId: string) =>
    (
      await rows<{ last: number | string }>(
        database.db,
        sql`SELECT last_mutation_id AS last FROM sync_clients WHERE id = ${clientId}`,
      )
    ).map((r) => Number(r.last))[0];

  it('refuses ids that go down or repeat within a push, and applies none of it', async () => {
    const a = newDevice();
    // [9, 7]: 7 came after 9, so it would have been answered "ok" and never applied.
    expect(await push(a, [addLog(9, 'L9'), addLog(7, 'L7')])).toEqual({
      status: 409,
      body: REUSED,
    });
    // [5, 5]: two changes under one id; the second would have been lost.
    expect(await push(a, [addLog(5, 'L5a'), addLog(5, 'L5b')])).toEqual({
      status: 409,
      body: REUSED,
    });
    expect(await logs()).toEqual([]);
    expect(await lastOf(a)).toBe(0);
    // Gaps are fine: ids only have to grow.
    expect(await push(a, [addLog(10, 'L10'), addLog(20, 'L20')])).toMatchObject({
      status: 200,
      body: { lastMutationId: 20 },
    });
    expect(await logs()).toEqual(['L10 600', 'L20 600']);
  });

  it('refuses an id used again for another change, and answers a re-sent one as before', async () => {
    const b = newDevice();
    const first = await push(b, [addLog(1, 'B1'), addLog(2, 'B2')]);
    expect(first).toMatchObject({ status: 200, body: { lastMutationId: 2 } });
    // The answer was lost: the same two again, plus a new one, are answered from what was stored.
    const again = await push(b, [addLog(1, 'B1'), addLog(2, 'B2'), addLog(3, 'B3')]);
    expect(again).toEqual({
      status: 200,
      body: {
        results: [
          { id: 1, outcome: 'ok' },
          { id: 2, outcome: 'ok' },
          { id: 3, outcome: 'ok' },
        ],
        lastMutationId: 3,
        version: expect.any(Number) as unknown,
      },
    });
    // The device lost its state and numbers a new change 2 again: refused, with 4 not applied
    // either, and nothing of B2 changed.
    expect(await push(b, [addLog(2, 'B2', 1200), addLog(4, 'B4')])).toEqual({
      status: 409,
      body: REUSED,
    });
    expect(await push(b, [addLog(2, 'B-other')])).toEqual({ status: 409, body: REUSED });
    expect(await logs()).toEqual(['B1 600', 'B2 600', 'B3 600', 'L10 600', 'L20 600']);
    expect(await lastOf(b)).toBe(3);
    // Under a new client id the same changes go through.
    const c = newDevice();
    expect(await push(c, [addLog(1, 'B-other'), addLog(2, 'B4')])).toMatchObject({
      status: 200,
      body: { lastMutationId: 2 },
    });
    expect(await logs()).toContain('B-other 600');
    expect(await logs()).toContain('B4 600');
  });

  it('keeps the answers of the last 1,000 ids and lets older ones go', async () => {
    const c = newDevice();
    expect((await push(c, [addLog(1, 'K1')])).status).toBe(200);
    expect((await push(c, [addLog(1200, 'K1200')])).status).toBe(200);
    const kept = await rows<{ id: number | string }>(
      database.db,
      sql`SELECT mutation_id AS id FROM mutation_results WHERE client_id = ${c} ORDER BY mutation_id`,
    );
    // 1 is more than 1,000 ids behind 1200: its answer is gone, 1200's is kept.
    expect(kept.map((r) => Number(r.id))).toEqual([1200]);
    expect(await lastOf(c)).toBe(1200);
    // A re-send of 1200 is answered as before; one of 1 can no longer be told apart from reuse.
    expect(await push(c, [addLog(1200, 'K1200')])).toMatchObject({
      status: 200,
      body: { lastMutationId: 1200 },
    });
    expect(await push(c, [addLog(1, 'K1')])).toEqual({ status: 409, body: REUSED });
    expect((await logs()).filter((l) => l.startsWith('K'))).toEqual(['K1 600', 'K1200 600']);
  });
});
