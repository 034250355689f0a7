import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicTags,
  handlePublicTeam,
  handlePublicTeams,
} from '../../src/server/api/public-team-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// The public API's tags and teams (issue 50): the tags on the entries the token's person may
// see, paged in the app's order, and the teams with their members and leads, for those the
// Teams screen lets in (Admins), through the policy.

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;

describe.each(drivers)('the public API’s tags and teams on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  const tokens = { ada: '', mira: '', nik: '' };
  const ctx = () => context(database, clock);
  const push = pusher(
    () => database,
    () => ada.workspace.id,
    clock,
  );
  const send = (handler: Handler, path: string, token: string) =>
    handler(withToken(path, token), ctx());
  async function page<T>(handler: Handler, path: string, token: string): Promise<Page<T>> {
    const res = await send(handler, path, token);
    expect(res.status).toBe(200);
    return (await res.json()) as Page<T>;
  }
  const tagLog = (id: string, memberId: string, projectId: string, tags: string) =>
    push.ok(ada, 'addTimeLog', {
      id,
      fields: { ...timeLogFields('2026-11-20', projectId, 1800), memberId, tags },
    });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.tags@example.com' }, clock);
    await push.ok(ada, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
    await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await push.ok(ada, 'createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', null), memberIds: ['m-man', 'm-norm'] },
    });
    await push.ok(ada, 'createProject', {
      id: 'p2',
      fields: { ...projectFields('Audit', null), memberIds: ['m-other'] },
    });
    await tagLog('l1', 'm-norm', 'p1', 'design, urgent');
    await tagLog('l2', 'm-other', 'p2', 'audit,Urgent');
    await tagLog('l3', 'm-norm', 'p1', ' billing ,design');
    const join = (name: string, role: 'Manager' | 'Normal', memberId: string) =>
      joinWorkspace(
        database,
        ada.workspace.id,
        { name, email: `${name.toLowerCase()}.tags@agency.test` },
        role,
        memberId,
        clock,
      );
    const inAda = (who: { cookie: string }) => ({ ...who, workspace: ada.workspace });
    tokens.mira = (
      await makeToken(database, inAda(await join('Mira', 'Manager', 'm-man')), 'read', clock)
    ).token;
    tokens.nik = (
      await makeToken(database, inAda(await join('Nik', 'Normal', 'm-norm')), 'read', clock)
    ).token;
    tokens.ada = (await makeToken(database, ada, 'read', clock)).token;
  });
  afterAll(async () => drop());

  it('lists a Normal member only the tags of their own entries, each once, trimmed', async () => {
    const { data, nextCursor } = await page(handlePublicTags, '/api/v1/tags', tokens.nik);
    expect(data).toEqual([{ name: 'billing' }, { name: 'design' }, { name: 'urgent' }]);
    expect(nextCursor).toBeNull();
  });

  it('pages an Admin through every tag in the app’s order; a tag added meanwhile comes in its place', async () => {
    type Tag = { name: string };
    const first = await page<Tag>(handlePublicTags, '/api/v1/tags?limit=2', tokens.ada);
    expect(first.data.map((tag) => tag.name)).toEqual(['audit', 'billing']);
    expect(first.nextCursor).not.toBeNull();
    // Between the pages: one tag sorts before the cursor (never seen now), one after it.
    await tagLog('l4', 'm-norm', 'p1', 'alpha,zeta');
    const next = (cursor: string | null) =>
      page<Tag>(handlePublicTags, `/api/v1/tags?limit=2&cursor=${cursor ?? ''}`, tokens.ada);
    const second = await next(first.nextCursor);
    expect(second.data.map((tag) => tag.name)).toEqual(['design', 'urgent']);
    const third = await next(second.nextCursor);
    expect(third.data.map((tag) => tag.name)).toEqual(['Urgent', 'zeta']);
    expect(third.nextCursor).toBeNull();
    const bad = await send(handlePublicTags, '/api/v1/tags?cursor=nonsense', tokens.ada);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { cursor: 'Not a cursor this API gave' } });
  });

  it('gives an Admin the teams with their members and leads, page by page and one by one', async () => {
    const save = async (team: Record<string, unknown>) => {
      const res = await handleSaveTeam(
        post('/api/teams', { workspaceId: ada.workspace.id, ...team }, ada.cookie),
        ctx(),
      );
      expect(res.status).toBe(201);
      clock.advance(1000);
      return ((await res.json()) as { team: { id: string } }).team.id;
    };
    const design = await save({
      name: 'Design',
      memberIds: ['m-norm', 'm-man'],
      leadIds: ['m-man'],
    });
    const audit = await save({ name: 'Audit', memberIds: ['m-other'], leadIds: [] });
    type Team = Record<string, unknown>;
    const first = await page<Team>(handlePublicTeams, '/api/v1/teams?limit=1', tokens.ada);
    // Oldest made first: Design, then Audit (not by name).
    expect(first.data).toEqual([
      {
        id: design,
        name: 'Design',
        memberIds: ['m-man', 'm-norm'],
        leadIds: ['m-man'],
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    const second = await page<Team>(
      handlePublicTeams,
      `/api/v1/teams?limit=1&cursor=${first.nextCursor ?? ''}`,
      tokens.ada,
    );
    expect(second.data.map((team) => [team['name'], team['memberIds'], team['leadIds']])).toEqual([
      ['Audit', ['m-other'], []],
    ]);
    expect(second.nextCursor).toBeNull();
    const one = await send(handlePublicTeam, `/api/v1/teams/${audit}`, tokens.ada);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({
      data: {
        id: audit,
        name: 'Audit',
        memberIds: ['m-other'],
        leadIds: [],
        createdAt: '2026-11-22T10:00:01.000Z',
      },
    });
    expect((await send(handlePublicTeam, '/api/v1/teams/no-such-team', tokens.ada)).status).toBe(
      404,
    );
  });

  it('refuses teams to a Manager and a Normal member with the policy’s words', async () => {
    for (const token of [tokens.mira, tokens.nik])
      for (const [handler, path] of [
        [handlePublicTeams, '/api/v1/teams'],
        [handlePublicTeam, '/api/v1/teams/any'],
      ] as const) {
        const res = await send(handler, path, token);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({
          error: 'forbidden',
          message: 'Only Admins can manage teams.',
        });
      }
  });
});
