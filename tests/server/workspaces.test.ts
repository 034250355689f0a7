import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCreateWorkspace, handleWorkspaces } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { MAX_OWN_WORKSPACES } from '../../src/server/sync/workspaces';
import { context, drivers, fakeClock, get, post } from './support';
import { signUp } from './workspace-support';

describe.each(drivers)('creating workspaces on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  const create = (cookie: string, body: unknown) =>
    handleCreateWorkspace(post('/sync/workspaces', body, cookie), context(database, clock));
  const list = async (cookie: string) =>
    (
      (await (
        await handleWorkspaces(get('/sync/workspaces', cookie), context(database, clock))
      ).json()) as {
        workspaces: { id: string; name: string; role: string; memberId: string }[];
      }
    ).workspaces;

  it('makes the person Admin and first team member of a new workspace, listed after their own', async () => {
    const me = await signUp(database, { name: 'Meera', email: 'meera.ws@example.com' }, clock);
    const res = await create(me.cookie, { name: '  Side studio ' });
    expect(res.status).toBe(201);
    const { workspace } = (await res.json()) as { workspace: { id: string; name: string } };
    expect(workspace).toMatchObject({ name: 'Side studio', role: 'Admin' });
    const names = (await list(me.cookie)).map((w) => [w.name, w.role]);
    expect(names).toEqual([
      ["Meera's workspace", 'Admin'],
      ['Side studio', 'Admin'],
    ]);
  });

  it('refuses an empty or long name beside the field, and unknown fields', async () => {
    const me = await signUp(database, { name: 'Ravi', email: 'ravi.ws@example.com' }, clock);
    const empty = await create(me.cookie, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fields: { name: 'Name the workspace' } });
    const long = await create(me.cookie, { name: 'x'.repeat(101) });
    expect(await long.json()).toMatchObject({ fields: { name: 'At most 100 characters' } });
    expect((await create(me.cookie, { name: 'A', owner: 'someone' })).status).toBe(400);
    expect((await create('', { name: 'A' })).status).toBe(401);
    expect(await list(me.cookie)).toHaveLength(1);
  });

  it(`stops at ${MAX_OWN_WORKSPACES} workspaces per person, even when asked for many at once`, async () => {
    const me = await signUp(database, { name: 'Sam', email: 'sam.ws@example.com' }, clock);
    // The sign-up's workspace plus 25 asked for in parallel: 19 are made, 6 refused.
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => create(me.cookie, { name: `Studio ${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(19);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    expect(await list(me.cookie)).toHaveLength(20);
    const refused = answers.find((r) => r.status === 409);
    expect(await refused?.json()).toMatchObject({ error: 'too_many_workspaces' });
  });
});
