import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull } from '../../src/server/api/sync-handlers';
import { handleDeleteTeam, handleSaveTeam, handleTeams } from '../../src/server/api/team-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import {
  projectFields,
  signUp,
  timeLogFields,
  joinWorkspace,
  pusher,
  teamMember,
} from './workspace-support';
import { seededPicker } from './seeded';

// Teams limit a Manager who leads one to its members: checked in the raw pull and in pushes.

describe.each(drivers)('teams on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let manager: { cookie: string };
  const ctx = () => context(database, clock);
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  const save = (who: { cookie: string }, team: Record<string, unknown>) =>
    handleSaveTeam(
      post('/sync/teams', { workspaceId: admin.workspace.id, ...team }, who.cookie),
      ctx(),
    );
  async function pull(who: { cookie: string }, cookie = '') {
    const res = await handlePull(
      get(
        `/sync/pull?workspace=${admin.workspace.id}${cookie ? `&cookie=${cookie}` : ''}`,
        who.cookie,
      ),
      ctx(),
    );
    const body = (await res.json()) as {
      cookie: string;
      reset: boolean;
      changes: { kind: string; id: string; deleted: boolean }[];
      access: { teamMembers: string[] | null };
    };
    const ids = (kind: string) =>
      body.changes
        .filter((c) => c.kind === kind && !c.deleted)
        .map((c) => c.id)
        .sort();
    return { body, logs: ids('timeLog'), members: ids('member') };
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.teams@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
    await ok(admin, 'createMember', { id: 'm-a', fields: teamMember('Anil', 'Normal') });
    await ok(admin, 'createMember', { id: 'm-b', fields: teamMember('Bea', 'Normal') });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', null), memberIds: ['m-man', 'm-a', 'm-b'] },
    });
    for (const who of ['m-a', 'm-b'])
      await ok(admin, 'addTimeLog', {
        id: `l-${who}`,
        fields: { ...timeLogFields('2026-11-18', 'p1', 3600), memberId: who },
      });
    manager = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Mira', email: 'mira.teams@example.com' },
      'Manager',
      'm-man',
      clock,
    );
  });
  afterAll(async () => drop());

  it('a Manager who leads a team sees and logs for its members only, until it is deleted', async () => {
    const before = await pull(manager);
    expect(before.logs).toEqual(['l-m-a', 'l-m-b']);

    const made = await save(admin, {
      name: 'Design',
      memberIds: ['m-man', 'm-a'],
      leadIds: ['m-man'],
    });
    expect(made.status).toBe(201);
    const { team } = (await made.json()) as { team: { id: string } };
    const limited = await pull(manager, before.body.cookie);
    // Her devices start over, so Bea's rows leave them.
    expect(limited.body.reset).toBe(true);
    expect(limited.logs).toEqual(['l-m-a']);
    expect(limited.members).toEqual(['m-a', 'm-man']);
    // Her screens learn the limit too, and offer only Ana (src/lib/policy).
    expect(limited.body.access.teamMembers?.sort()).toEqual(['m-a', 'm-man']);
    expect(before.body.access.teamMembers).toBeNull();
    const log = (memberId: string) => ({ ...timeLogFields('2026-11-19', 'p1', 600), memberId });
    expect((await pushAs(manager, 'addTimeLog', { id: 'n-b', fields: log('m-b') })).message).toBe(
      'You can only track or review time of the members of your teams.',
    );
    await ok(manager, 'addTimeLog', { id: 'n-a', fields: log('m-a') });

    const listed = await handleTeams(
      get(`/sync/teams?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    expect(await listed.json()).toEqual({
      teams: [{ id: team.id, name: 'Design', memberIds: ['m-a', 'm-man'], leadIds: ['m-man'] }],
    });
    const removed = await handleDeleteTeam(
      post('/sync/teams/delete', { workspaceId: admin.workspace.id, id: team.id }, admin.cookie),
      ctx(),
    );
    expect(removed.status).toBe(204);
    expect((await pull(manager)).logs).toEqual(['l-m-a', 'l-m-b', 'n-a']);
  });

  it('refuses bad teams beside their fields, and everyone but Admins', async () => {
    const fields = async (res: Response) =>
      ((await res.json()) as { fields?: Record<string, string> }).fields;
    expect(
      await fields(await save(admin, { name: 'X', memberIds: ['m-a'], leadIds: ['m-b'] })),
    ).toEqual({
      leadIds: 'A lead must be a member of the team',
    });
    expect(
      await fields(await save(admin, { name: 'X', memberIds: ['ghost'], leadIds: [] })),
    ).toEqual({
      memberIds: 'Choose members from this workspace’s team',
    });
    expect((await save(admin, { name: 'Ops', memberIds: [], leadIds: [] })).status).toBe(201);
    expect(await fields(await save(admin, { name: 'ops', memberIds: [], leadIds: [] }))).toEqual({
      name: 'Another team has this name',
    });
    const notAdmin = await save(manager, { name: 'Mine', memberIds: [], leadIds: [] });
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.json()).toMatchObject({ message: 'Only Admins can manage teams.' });
  });

  it('answers 1,000 junk and half-right bodies per endpoint with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(31);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'ghost'];
    const ids = [admin.workspace.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const list = () =>
      rand() < 0.3 ? pick(junk) : [pick(['m-a', 'm-b', 'm-man', 'ghost', ...junk])];
    const body = () =>
      rand() < 0.15
        ? pick(['', '{', 'null', '[]'])
        : JSON.stringify({
            ...(rand() < 0.9 ? { workspaceId: rand() < 0.7 ? pick(ids) : pick(junk) } : {}),
            ...(rand() < 0.4 ? { id: pick(['no-such-team', ...junk]) } : {}),
            ...(rand() < 0.8 ? { name: pick([`Team ${Math.floor(rand() * 50)}`, ...junk]) } : {}),
            ...(rand() < 0.8 ? { memberIds: list() } : {}),
            ...(rand() < 0.8 ? { leadIds: list() } : {}),
            ...(rand() < 0.05 ? { extra: 1 } : {}),
          });
    for (const [path, handler] of [
      ['/sync/teams', handleSaveTeam],
      ['/sync/teams/delete', handleDeleteTeam],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const sent = body();
        const res = await handler(
          post(path, sent, rand() < 0.8 ? admin.cookie : manager.cookie),
          ctx(),
        );
        expect(res.status, `${path} #${i}: ${sent.slice(0, 100)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
  }, 180_000);
});
