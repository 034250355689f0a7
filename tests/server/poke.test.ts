import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleDelete, handleLogin } from '../../src/server/api/handlers';
import { handlePoke, handlePush } from '../../src/server/api/sync-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { openStream, STREAM_LIMITS, tellOfNotice } from '../../src/server/sync/poke';
import { rows } from '../../src/server/sync/records';
import { collect, nextEvent, nextVersion, untilEnd } from './stream-events';
import { context, cookieOf, drivers, fakeClock, freshAddress, get, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

const log = timeLogFields('2026-11-23', null, 900);

describe.each(drivers)('poke on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let counter = 0;
  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  async function person(db = database) {
    counter += 1;
    const { cookie, workspace } = await signUp(db, {
      name: 'Poke',
      email: `poke${counter}@example.com`,
    });
    return { cookie, workspaceId: workspace.id };
  }

  async function attempt(who: { cookie: string; workspaceId: string }, db = database) {
    const abort = new AbortController();
    const res = await handlePoke(
      new Request(`https://hourmark.test/sync/poke?workspace=${who.workspaceId}`, {
        headers: { cookie: who.cookie },
        signal: abort.signal,
      }),
      context(db),
    );
    return { res, abort };
  }

  async function subscribe(who: { cookie: string; workspaceId: string }, db = database) {
    const { res, abort } = await attempt(who, db);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const ready = (await nextEvent(reader, 'ready')) as { version: number };
    expect(Object.keys(ready)).toEqual(['version']);
    expect(Number.isSafeInteger(ready.version)).toBe(true);
    return { reader, ready, close: () => abort.abort() };
  }

  const pushLog = (
    who: { cookie: string; workspaceId: string },
    id: string,
    db = database,
    memberId: string | null = null,
  ) =>
    handlePush(
      post(
        '/sync/push',
        {
          workspaceId: who.workspaceId,
          clientId: `poker-${id}-${'p'.repeat(16)}`,
          mutations: [{ id: 1, name: 'addTimeLog', args: { id, fields: { ...log, memberId } } }],
        },
        who.cookie,
      ),
      context(db),
    );

  it('sends the devices of a workspace the rows of a change, and nothing to other workspaces', async () => {
    const me = await person();
    const stranger = await person();
    const mine = await subscribe(me);
    const theirs = await subscribe(stranger);
    const id = `l-${counter}`;
    const pushed = (await (await pushLog(me, id)).json()) as { version: number };
    expect(await nextEvent(mine.reader, 'changes')).toMatchObject({
      from: pushed.version - 1,
      to: pushed.version,
      changes: [
        { kind: 'timeLog', id, version: pushed.version, deleted: false, data: { dur: 900 } },
      ],
    });
    expect(await nextVersion(theirs.reader, 500)).toBeUndefined();
    mine.close();
    theirs.close();
  });

  it('names on `ready` the version its rows follow from, so a device already there does not pull', async () => {
    const me = await person();
    const id = `l-${counter}`;
    const pushed = (await (await pushLog(me, id)).json()) as { version: number };
    const opened = await subscribe(me);
    // Everything up to the push is what a pull brings; later changes come down the stream.
    expect(opened.ready).toEqual({ version: pushed.version });
    const next = (await (await pushLog(me, `${id}-b`)).json()) as { version: number };
    expect(await nextEvent(opened.reader, 'changes')).toMatchObject({
      from: pushed.version,
      to: next.version,
    });
    opened.close();
  });

  it('tells a person’s open streams, and no one else’s, that a notice arrived', async () => {
    const me = await person();
    const stranger = await person();
    const mine = collect((await subscribe(me)).reader);
    const theirs = collect((await subscribe(stranger)).reader);
    const myId = (
      await rows<{ id: string }>(
        database.db,
        sql`SELECT user_id AS id FROM memberships WHERE workspace_id = ${me.workspaceId}`,
      )
    )[0]?.id;
    await tellOfNotice(database.db, myId ?? '');
    await vi.waitFor(() => expect(mine).toEqual([{ event: 'notice', data: {} }]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs).toEqual([]);
  });

  it('refuses a workspace the caller is not in, and a missing session', async () => {
    const me = await person();
    const stranger = await person();
    const res = await handlePoke(
      get(`/sync/poke?workspace=${stranger.workspaceId}`, me.cookie),
      context(database),
    );
    expect(res.status).toBe(403);
    expect(
      (await handlePoke(get(`/sync/poke?workspace=${me.workspaceId}`), context(database))).status,
    ).toBe(401);
    expect(
      (await handlePoke(get('/sync/poke?workspace=nope', me.cookie), context(database))).status,
    ).toBe(400);
  });

  /** Another browser signing in to `email`'s account: a session of its own. */
  async function signIn(email: string) {
    const res = await handleLogin(
      post('/user/login', { email, password: 'a good password' }),
      context(database, fakeClock(), freshAddress()),
    );
    expect(res.status).toBe(200);
    return cookieOf(res);
  }

  it('holds 8 streams per browser and 40 per account, refuses more with 429, and frees a slot on close', async () => {
    const me = await person();
    const email = `poke${counter}@example.com`;
    const held: Awaited<ReturnType<typeof subscribe>>[] = [];
    for (let i = 0; i < STREAM_LIMITS.perDevice; i += 1) held.push(await subscribe(me));
    const refused = await attempt(me);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toMatchObject({
      error: 'too_many_streams',
      message: expect.stringContaining('every 30 seconds') as unknown,
    });
    held.pop()?.close();
    held.push(await subscribe(me));
    // The account's other browsers (sessions) fill its share, 8 each.
    const browsers = STREAM_LIMITS.perAccount / STREAM_LIMITS.perDevice;
    for (let b = 1; b < browsers; b += 1) {
      const cookie = await signIn(email);
      for (let i = 0; i < STREAM_LIMITS.perDevice; i += 1)
        held.push(await subscribe({ cookie, workspaceId: me.workspaceId }));
    }
    expect(held).toHaveLength(STREAM_LIMITS.perAccount);
    const another = { cookie: await signIn(email), workspaceId: me.workspaceId };
    const overAccount = await attempt(another);
    expect(overAccount.res.status).toBe(429);
    expect(await overAccount.res.json()).toMatchObject({ error: 'too_many_streams' });
    // Someone else is not held back, and a closed stream gives the account its slot back.
    const stranger = await subscribe(await person());
    held.shift()?.close();
    const freed = await subscribe(another);
    // Still live: a push pokes the streams that were let in.
    const pushed = (await (await pushLog(me, `l-cap-${counter}`)).json()) as { version: number };
    expect(await nextVersion(freed.reader)).toBe(pushed.version);
    for (const stream of [...held, freed, stranger]) stream.close();
    const last = await attempt(me);
    expect(last.res.status).toBe(200);
    last.abort.abort();
  });

  /** An Admin's workspace with Nik, a Normal member signed in, and a stream Nik holds. */
  async function team(db = database) {
    const admin = await person();
    const { ok } = pusher(
      () => database,
      () => admin.workspaceId,
    );
    const memberId = `m-${counter}`;
    const email = `nik${counter}@example.com`;
    await ok(admin, 'createMember', {
      id: memberId,
      fields: teamMember(`Nik${counter}`, 'Normal'),
    });
    const nik = await joinWorkspace(
      database,
      admin.workspaceId,
      { name: 'Nik', email },
      'Normal',
      memberId,
    );
    const member = { cookie: nik.cookie, workspaceId: admin.workspaceId };
    const stream = await subscribe(member, db);
    // The pokes of the pushes above may still be on their way (NOTIFY arrives when it arrives):
    // after this push's (a log of Nik's, which his device may see), what the stream hears comes
    // from the test.
    const marker = (await (
      await pushLog(admin, `l-mark-${counter}`, database, memberId)
    ).json()) as {
      version: number;
    };
    for (let seen = 0; seen < marker.version;) {
      const version = await nextVersion(stream.reader);
      if (version === undefined) throw new Error('The stream was not poked');
      seen = version;
    }
    return { admin, ok, memberId, member, stream };
  }

  it('ends an archived member’s open stream at once, so it hears no later version', async () => {
    const { admin, ok, memberId, member, stream } = await team();
    await ok(admin, 'updateMember', { id: memberId, changes: { status: 'Archived' } });
    const after = await pushLog(admin, `l-after-${counter}`);
    expect(after.status).toBe(200);
    expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
    expect((await attempt(member)).res.status).toBe(403);
  });

  it('ends a member’s stream when their role changes; the stream they open again hears pokes', async () => {
    const { admin, ok, memberId, member, stream } = await team();
    await ok(admin, 'updateMember', { id: memberId, changes: { Role: 'Manager' } });
    expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
    const again = await subscribe(member);
    const pushed = (await (
      await pushLog(admin, `l-role-${counter}`, database, memberId)
    ).json()) as {
      version: number;
    };
    expect(await nextVersion(again.reader)).toBe(pushed.version);
    again.close();
  });

  it('keeps a member’s stream when an edit leaves their role and access as they were', async () => {
    const { admin, ok, memberId, stream } = await team();
    await ok(admin, 'updateMember', { id: memberId, changes: { status: 'Active', notes: 'x' } });
    const pushed = (await (
      await pushLog(admin, `l-same-${counter}`, database, memberId)
    ).json()) as {
      version: number;
    };
    // The edit of Nik's own record and the push of his log reach him (in one message when they
    // come within the grouping window): the stream stayed open.
    let seen = 0;
    while (seen < pushed.version) {
      const version = await nextVersion(stream.reader);
      if (version === undefined) throw new Error(`The stream heard nothing after ${seen}`);
      seen = version;
    }
    expect(seen).toBe(pushed.version);
    stream.close();
  });

  it('sends a Normal member only the rows they may see, and does not wake them for the rest', async () => {
    const { admin, ok, memberId, stream } = await team();
    const heard = collect(stream.reader);
    // A project Nik is not on: his device may see nothing of it, so it hears nothing.
    await ok(admin, 'createProject', {
      id: `p-hidden-${counter}`,
      fields: { ...projectFields('Hidden', null), memberIds: [] },
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heard).toEqual([]);
    // A log of his: it comes, alone, counting from the last version he was told of.
    const id = `l-nik-${counter}`;
    const pushed = (await (await pushLog(admin, id, database, memberId)).json()) as {
      version: number;
    };
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 5000 });
    const [patch] = heard as {
      event: string;
      data: { from: number; to: number; changes: { kind: string; id: string }[] };
    }[];
    expect(patch?.event).toBe('changes');
    expect(patch?.data).toMatchObject({ from: pushed.version - 2, to: pushed.version });
    expect(patch?.data.changes.map((c) => `${c.kind} ${c.id}`)).toEqual([`timeLog ${id}`]);
    stream.close();
  });

  it('reads a change once for an Admin, a Manager and a Normal member listening, each sent what their role may see', async () => {
    const { admin, ok, stream: nikStream } = await team();
    const nik = collect(nikStream.reader);
    const miaId = `m-mia-${counter}`;
    await ok(admin, 'createMember', { id: miaId, fields: teamMember(`Mia${counter}`, 'Manager') });
    const mia = await joinWorkspace(
      database,
      admin.workspaceId,
      { name: 'Mia', email: `mia${counter}@example.com` },
      'Manager',
      miaId,
    );
    const miaStream = await subscribe({ cookie: mia.cookie, workspaceId: admin.workspaceId });
    const miaHeard = collect(miaStream.reader);
    const adminStream = await subscribe(admin);
    const adminHeard = collect(adminStream.reader);
    const projectId = `p-mia-${counter}`;
    const otherId = `p-other-${counter}`;
    const logId = `l-mia-${counter}`;
    const pushed = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspaceId,
          clientId: `poker-batch-${counter}-${'b'.repeat(16)}`,
          mutations: [
            {
              id: 1,
              name: 'createProject',
              args: {
                id: projectId,
                fields: { ...projectFields('Mia’s', null), memberIds: [miaId] },
              },
            },
            {
              id: 2,
              name: 'createProject',
              args: { id: otherId, fields: { ...projectFields('Not Mia’s', null), memberIds: [] } },
            },
            {
              id: 3,
              name: 'addTimeLog',
              args: { id: logId, fields: { ...log, projectId, memberId: miaId } },
            },
          ],
        },
        admin.cookie,
      ),
      context(database),
    );
    expect(pushed.status).toBe(200);
    const idsOf = (heard: { event: string; data: unknown }[]) =>
      heard
        .filter((h) => h.event === 'changes')
        .flatMap((h) => (h.data as { changes: { id: string }[] }).changes.map((c) => c.id))
        .filter((id) => [projectId, otherId, logId].includes(id))
        .sort();
    await vi.waitFor(() => expect(idsOf(adminHeard)).toEqual([logId, otherId, projectId].sort()), {
      timeout: 5000,
    });
    await vi.waitFor(() => expect(idsOf(miaHeard)).toEqual([logId, projectId].sort()), {
      timeout: 5000,
    });
    // Nik (Normal) is on neither project and the log is Mia's: his device hears nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idsOf(nik)).toEqual([]);
    for (const open of [nikStream, miaStream, adminStream]) open.close();
  });

  it('sends a Manager who leads a team the changes of its members only, with their projects’ clients and members', async () => {
    const { admin, ok } = await team();
    const [miaId, raviId, samId] = [`m-mia-${counter}`, `m-ravi-${counter}`, `m-sam-${counter}`];
    await ok(admin, 'createMember', { id: miaId, fields: teamMember(`Mia${counter}`, 'Manager') });
    await ok(admin, 'createMember', { id: raviId, fields: teamMember(`Ravi${counter}`, 'Normal') });
    await ok(admin, 'createMember', { id: samId, fields: teamMember(`Sam${counter}`, 'Normal') });
    const mia = await joinWorkspace(
      database,
      admin.workspaceId,
      { name: 'Mia', email: `mia-lead${counter}@example.com` },
      'Manager',
      miaId,
    );
    const miaHeard = collect(
      (await subscribe({ cookie: mia.cookie, workspaceId: admin.workspaceId })).reader,
    );
    const saved = await handleSaveTeam(
      post(
        '/sync/teams',
        {
          workspaceId: admin.workspaceId,
          name: 'Design',
          memberIds: [miaId, raviId],
          leadIds: [miaId],
        },
        admin.cookie,
      ),
      context(database),
    );
    expect(saved.status).toBe(201);
    // The team's own poke (everyone pulls: who sees what changed) is heard before the push, so
    // the two are not told together as one plain poke.
    const [{ version: teamVersion } = { version: 0 }] = await rows<{ version: number }>(
      database.db,
      sql`SELECT version::int AS version FROM workspaces WHERE id = ${admin.workspaceId}`,
    );
    await vi.waitFor(
      () =>
        expect(
          miaHeard.some((h) => {
            const data = h.data as { version?: number; to?: number };
            return (data.version ?? data.to ?? 0) >= teamVersion;
          }),
        ).toBe(true),
      { timeout: 5000 },
    );
    const [clientId, projectId, raviLog, samLog] = [
      `c-lead-${counter}`,
      `p-lead-${counter}`,
      `l-ravi-${counter}`,
      `l-sam-${counter}`,
    ];
    const pushed = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspaceId,
          clientId: `poker-lead-${counter}-${'b'.repeat(16)}`,
          mutations: [
            {
              id: 1,
              name: 'createClient',
              args: { id: clientId, fields: clientFields('Lead Co') },
            },
            {
              id: 2,
              name: 'createProject',
              args: {
                id: projectId,
                fields: {
                  ...projectFields('Design work', clientId),
                  memberIds: [miaId, raviId, samId],
                },
              },
            },
            {
              id: 3,
              name: 'addTimeLog',
              args: { id: raviLog, fields: { ...log, projectId, memberId: raviId } },
            },
            {
              id: 4,
              name: 'addTimeLog',
              args: { id: samLog, fields: { ...log, projectId, memberId: samId } },
            },
            { id: 5, name: 'updateMember', args: { id: raviId, changes: { notes: 'Ravi' } } },
            { id: 6, name: 'updateMember', args: { id: samId, changes: { notes: 'Sam' } } },
          ],
        },
        admin.cookie,
      ),
      context(database),
    );
    expect(pushed.status).toBe(200);
    const ours = [clientId, projectId, raviLog, samLog, raviId, samId];
    const idsOf = () =>
      miaHeard
        .filter((h) => h.event === 'changes')
        .flatMap((h) => (h.data as { changes: { id: string }[] }).changes.map((c) => c.id))
        .filter((id) => ours.includes(id))
        .sort();
    // Sam is on her project but not in her team: his log and his record stay off her device.
    await vi.waitFor(() => expect(idsOf()).toEqual([clientId, projectId, raviLog, raviId].sort()), {
      timeout: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idsOf()).toEqual([clientId, projectId, raviLog, raviId].sort());
  });

  it('ends the stream of a member removed from the team', async () => {
    const { admin, ok, memberId, member, stream } = await team();
    await ok(admin, 'deleteMember', { id: memberId });
    expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
    expect((await attempt(member)).res.status).toBe(403);
  });

  it('ends the streams of a member who deletes their account', async () => {
    const { member, stream } = await team();
    const deleted = await handleDelete(
      post('/user/delete', { password: 'a good password' }, member.cookie),
      context(database),
    );
    expect(deleted.status).toBe(204);
    expect((await untilEnd(stream.reader)).ended).toBe(true);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'a push through one server process pokes devices connected to another (LISTEN/NOTIFY)',
    async () => {
      const other = await openDatabase({ url });
      try {
        const me = await person();
        const onOther = await subscribe(me, other);
        const pushed = (await (await pushLog(me, `l-x-${counter}`, database)).json()) as {
          version: number;
        };
        expect(await nextVersion(onOther.reader)).toBe(pushed.version);
        onOther.close();
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(driver.name === 'PostgreSQL')(
    'archiving a member through one server process ends their stream held by another',
    async () => {
      const other = await openDatabase({ url });
      try {
        const { admin, ok, memberId, member, stream } = await team(other);
        await ok(admin, 'updateMember', { id: memberId, changes: { status: 'Archived' } });
        await pushLog(admin, `l-other-${counter}`);
        expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
        expect((await attempt(member, other)).res.status).toBe(403);
      } finally {
        await other.close();
      }
    },
  );
});

describe('poke streams per process', () => {
  // The database opens in a hook: on a busy machine opening it can take longer than a test's
  // 20 s, and that is not what this test measures.
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a stream past the process’s limit, and takes one again once a stream closes', async () => {
    const limits = { perDevice: 2, perAccount: 2, perProcess: 3 };
    const events = { poke: () => {}, changes: () => {}, notice: () => {}, end: () => {} };
    const open = (n: number) =>
      openStream(
        database,
        { workspaceId: `w${n}`, userId: `u${n}`, sessionId: `s${n}` },
        events,
        limits,
      );
    const held = [await open(1), await open(2), await open(3)];
    expect(held.map((h) => h.ok)).toEqual([true, true, true]);
    expect(await open(4)).toEqual({ ok: false, limit: 'process' });
    if (held[0]?.ok) held[0].close();
    expect((await open(4)).ok).toBe(true);
  });
});
