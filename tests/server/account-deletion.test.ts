import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDelete, handleDeleteCheck } from '../../src/server/api/handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { joinWorkspace, pusher, signUp, teamMember } from './workspace-support';

// Deleting an account: a workspace no one else is in goes with it; one where another Admin
// remains is left; the last Admin of a workspace others use must hand it over first.

describe.each(drivers)('deleting an account on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: Awaited<ReturnType<typeof signUp>>;
  let bo: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => ada.workspace.id,
    clock,
  );
  const check = async (who: { cookie: string }) =>
    (
      (await (await handleDeleteCheck(get('/user/delete-check', who.cookie), ctx())).json()) as {
        workspaces: { name: string; effect: string; otherMembers: number }[];
      }
    ).workspaces;
  const remove = (who: { cookie: string }) =>
    handleDelete(post('/user/delete', { password: 'a good password' }, who.cookie), ctx());
  const count = async (table: string, where: string, value: string) => {
    const found: unknown = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(where)} = ${value}`,
    );
    return Number((found as { rows: { n: number }[] }).rows[0]?.n);
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.delete@example.com' }, clock);
    await ok(ada, 'createMember', { id: 'm-bo', fields: teamMember('Bo', 'Normal') });
    bo = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Bo', email: 'bo.delete@example.com' },
      'Normal',
      'm-bo',
      clock,
    );
  });
  afterAll(async () => drop());

  it('says what deletion does to each workspace, and refuses the last Admin of a shared one', async () => {
    expect(await check(ada)).toEqual([
      { id: ada.workspace.id, name: "Ada's workspace", effect: 'blocked', otherMembers: 1 },
    ]);
    // Bo's own workspace goes with Bo's account; in Ada's, Bo simply leaves.
    expect((await check(bo)).map((w) => [w.name, w.effect]).sort()).toEqual([
      ["Ada's workspace", 'leave'],
      ["Bo's workspace", 'deleted'],
    ]);
    const refused = await remove(ada);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'last_admin',
      message:
        "You are the last Admin of Ada's workspace, which others still use. Make another member Admin there first (Team members), or choose to delete it with your account.",
    });
    expect(await count('users', 'email', 'ada.delete@example.com')).toBe(1);
  });

  it('lets the last Admin delete a shared workspace with the account, when chosen', async () => {
    const cleo = await signUp(database, { name: 'Cleo', email: 'cleo.delete@example.com' }, clock);
    const { ok: okCleo } = pusher(
      () => database,
      () => cleo.workspace.id,
      clock,
    );
    await okCleo(cleo, 'createMember', { id: 'm-dee', fields: teamMember('Dee', 'Normal') });
    await joinWorkspace(
      database,
      cleo.workspace.id,
      { name: 'Dee', email: 'dee.delete@example.com' },
      'Normal',
      'm-dee',
      clock,
    );
    const chosen = (ids: string[]) =>
      handleDelete(
        post('/user/delete', { password: 'a good password', deleteWorkspaces: ids }, cleo.cookie),
        ctx(),
      );
    // Choosing another workspace does not unblock this one.
    expect((await chosen([ada.workspace.id])).status).toBe(409);
    expect(await count('workspaces', 'id', cleo.workspace.id)).toBe(1);
    expect((await chosen([cleo.workspace.id])).status).toBe(204);
    expect(await count('workspaces', 'id', cleo.workspace.id)).toBe(0);
    expect(await count('memberships', 'workspace_id', cleo.workspace.id)).toBe(0);
    expect(await count('users', 'email', 'cleo.delete@example.com')).toBe(0);
    // Dee keeps their account and their own workspace.
    expect(await count('users', 'email', 'dee.delete@example.com')).toBe(1);
    expect(await count('workspaces', 'id', ada.workspace.id)).toBe(1);
  });

  it('deletes a member’s own workspace with them, and lets the Admin go once alone', async () => {
    expect((await remove(bo)).status).toBe(204);
    expect(await count('workspaces', 'name', "Bo's workspace")).toBe(0);
    expect(await count('memberships', 'workspace_id', ada.workspace.id)).toBe(1);
    expect(await check(ada)).toEqual([
      { id: ada.workspace.id, name: "Ada's workspace", effect: 'deleted', otherMembers: 0 },
    ]);
    expect((await remove(ada)).status).toBe(204);
    expect(await count('workspaces', 'id', ada.workspace.id)).toBe(0);
    expect(await count('time_logs', 'workspace_id', ada.workspace.id)).toBe(0);
  });
});
