import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { decodeCursor, pull, pullPageSize } from '../../src/server/sync/pull';
import { markVisibilityChanged } from '../../src/server/sync/workspaces';
import { readsShared } from '../../src/server/sync/shared-reads';
import { memberships } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, signUp, timeLogFields } from './workspace-support';

interface Change {
  kind: string;
  id: string;
  version: number;
  deleted: boolean;
  data: Record<string, unknown> | null;
}
interface PullAnswer {
  cookie: string;
  reset: boolean;
  changes: Change[];
  next: string | null;
  lastMutationIds: Record<string, number>;
}
interface PushAnswer {
  results: { id: number; outcome: string; reason?: string; message?: string }[];
  lastMutationId: number;
  version: number;
}

describe.each(drivers)('workspaces and sync on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let counter = 0;
  const clock = fakeClock();

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** A new account with its session cookie, its workspace and a client id for its device. */
  async function person() {
    counter += 1;
    const signedUp = await signUp(
      database,
      { name: `Ravi ${counter}`, email: `ravi${counter}@example.com` },
      clock,
    );
    return { ...signedUp, clientId: `device-${counter}-${'x'.repeat(16)}` };
  }

  async function pushAs(
    who: { cookie: string; workspace: { id: string }; clientId: string },
    mutations: { id: number; name: string; args: unknown }[],
    overrides: Record<string, unknown> = {},
  ) {
    return handlePush(
      post(
        '/sync/push',
        { workspaceId: who.workspace.id, clientId: who.clientId, mutations, ...overrides },
        who.cookie,
      ),
      context(database, clock),
    );
  }

  async function userIdOf(who: { workspace: { id: string } }): Promise<string> {
    const [row] = await database.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.workspaceId, who.workspace.id));
    if (!row) throw new Error('no membership');
    return row.userId;
  }

  async function pullAs(who: { cookie: string; workspace: { id: string } }, query = '') {
    const res = await handlePull(
      get(`/sync/pull?workspace=${who.workspace.id}${query}`, who.cookie),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as PullAnswer;
  }

  it('starts a member’s next pull over once what they may see changed, so lost rows leave the device', async () => {
    const me = await person();
    const pushed = await pushAs(me, [
      { id: 1, name: 'createClient', args: { id: 'vis-c1', fields: clientFields('Acme') } },
    ]);
    const { version } = (await pushed.json()) as PushAnswer;
    const before = await pullAs(me);
    expect((await pullAs(me, `&cookie=${before.cookie}`)).reset).toBe(false);
    // The roles issue calls this when a role, an assignment, a team or a membership changes.
    await markVisibilityChanged(database.db, me.workspace.id, await userIdOf(me), version + 1);
    const after = await pullAs(me, `&cookie=${before.cookie}`);
    expect(after.reset).toBe(true);
    // A reset pull carries every row the member may see, so the device replaces its cache.
    expect(after.changes.map((c) => c.id)).toContain('vis-c1');
  });

  it('gives every new account a workspace of its own, as Admin, with itself as a team member', async () => {
    const me = await person();
    expect(me.workspace).toMatchObject({ name: `Ravi ${counter}'s workspace`, role: 'Admin' });
    const first = await pullAs(me);
    expect(first.reset).toBe(true);
    expect(first.changes).toEqual([
      expect.objectContaining({
        kind: 'member',
        id: me.workspace.memberId,
        deleted: false,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- a matcher, not a value.
        data: expect.objectContaining({
          name: `Ravi ${counter}`,
          Role: 'Admin',
          email: `ravi${counter}@example.com`,
        }),
      }),
    ]);
  });

  it('a pushed change comes back in the next pull, and only once', async () => {
    const me = await person();
    const start = await pullAs(me);
    const pushed = await pushAs(me, [
      { id: 1, name: 'createClient', args: { id: 'c-bolt', fields: clientFields('Bolt Studio') } },
      {
        id: 2,
        name: 'createProject',
        args: { id: 'p-site', fields: projectFields('Website', 'c-bolt') },
      },
      {
        id: 3,
        name: 'addTimeLog',
        args: { id: 'l-1', fields: timeLogFields('2026-11-20', 'p-site', 5400) },
      },
    ]);
    expect(pushed.status).toBe(200);
    const answer = (await pushed.json()) as PushAnswer;
    expect(answer.results.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok']);
    expect(answer.lastMutationId).toBe(3);

    const next = await pullAs(me, `&cookie=${start.cookie}`);
    expect(next.reset).toBe(false);
    expect(next.changes.map((c) => `${c.kind}:${c.id}`).sort()).toEqual([
      'client:c-bolt',
      'project:p-site',
      'timeLog:l-1',
    ]);
    expect(next.changes.find((c) => c.id === 'l-1')?.data).toMatchObject({ dur: 5400, exp: 250.5 });
    expect(next.lastMutationIds[me.clientId]).toBe(3);
    expect((await pullAs(me, `&cookie=${next.cookie}`)).changes).toEqual([]);
  });

  it('serves the same person’s identical pulls in the same moment from one read, and a pull after a push reads anew', async () => {
    const me = await person();
    await pushAs(me, [
      { id: 1, name: 'createClient', args: { id: 'once-c1', fields: clientFields('Once Ltd') } },
    ]);
    const before = readsShared();
    const together = await Promise.all([pullAs(me), pullAs(me), pullAs(me)]);
    const alone = await pullAs(me);
    for (const answer of together) {
      expect(answer.changes.map((c) => c.id).sort()).toEqual(alone.changes.map((c) => c.id).sort());
      expect(answer.cookie).toBe(alone.cookie);
    }
    // PGlite runs one statement at a time in order, so the three are certain to overlap; on
    // PostgreSQL they may or may not, and the answers above are what must hold either way.
    if (driver.name === 'PGlite') expect(readsShared() - before).toBe(2);

    await pushAs(me, [
      {
        id: 2,
        name: 'createClient',
        args: { id: 'once-c2', fields: clientFields('Twice Ltd') },
      },
    ]);
    const after = await Promise.all([
      pullAs(me, `&cookie=${alone.cookie}`),
      pullAs(me, `&cookie=${alone.cookie}`),
    ]);
    for (const answer of after) expect(answer.changes.map((c) => c.id)).toEqual(['once-c2']);
  });

  it('a retried push applies nothing twice and gives the same answers', async () => {
    const me = await person();
    const batch = [
      {
        id: 1,
        name: 'addTimeLog',
        args: { id: 'l-a', fields: timeLogFields('2026-11-21', null, 600) },
      },
      {
        id: 2,
        name: 'addTimeLog',
        args: { id: 'l-a', fields: timeLogFields('2026-11-21', null, 600) },
      },
    ];
    const first = (await (await pushAs(me, batch)).json()) as PushAnswer;
    const again = (await (await pushAs(me, batch)).json()) as PushAnswer;
    expect(first.results.map((r) => r.outcome)).toEqual(['ok', 'refused']);
    expect(again.results).toEqual(first.results);
    const all = await pullAs(me);
    expect(all.changes.filter((c) => c.kind === 'timeLog')).toHaveLength(1);
  });

  it('refuses bad mutations one by one and applies the rest of the batch', async () => {
    const me = await person();
    const other = await person();
    await pushAs(other, [
      {
        id: 1,
        name: 'createProject',
        args: { id: 'p-theirs', fields: projectFields('Theirs', null) },
      },
    ]);
    const res = await pushAs(me, [
      { id: 1, name: 'dropAllTables', args: {} },
      {
        id: 2,
        name: 'addTimeLog',
        args: { id: 'l-bad', fields: { ...timeLogFields('2026-11-21', null, 60), dur: -5 } },
      },
      {
        id: 3,
        name: 'addTimeLog',
        args: { id: 'l-foreign', fields: timeLogFields('2026-11-21', 'p-theirs', 60) },
      },
      {
        id: 4,
        name: 'createClient',
        args: { id: 'c-x', fields: { ...clientFields('X'), isAdmin: true } },
      },
      { id: 5, name: 'updateClient', args: { id: 'c-missing', changes: { name: 'Y' } } },
      { id: 6, name: 'createClient', args: { id: 'c-ok', fields: clientFields('Kept') } },
    ]);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as PushAnswer;
    expect(results.map((r) => r.reason ?? r.outcome)).toEqual([
      'unknown_mutation',
      'invalid_args',
      'unknown_reference',
      'invalid_args',
      'not_found',
      'ok',
    ]);
    expect(results[1]?.message).toBe('fields.dur: Number must be greater than or equal to 0');
    const mine = await pullAs(me);
    expect(mine.changes.filter((c) => c.kind !== 'member').map((c) => c.id)).toEqual(['c-ok']);
    // The other account's project is untouched and unseen.
    expect(mine.changes.some((c) => c.id === 'p-theirs')).toBe(false);
  });

  it("answers 403 for another account's workspace or client id, and changes nothing", async () => {
    const me = await person();
    const other = await person();
    const before = await pullAs(other);
    const intoTheirs = await pushAs(
      me,
      [{ id: 1, name: 'createClient', args: { id: 'c-evil', fields: clientFields('Evil') } }],
      {
        workspaceId: other.workspace.id,
      },
    );
    expect(intoTheirs.status).toBe(403);
    expect(await intoTheirs.json()).toMatchObject({ error: 'not_member' });
    await pushAs(other, []);
    const theirClientId = await pushAs(
      me,
      [{ id: 1, name: 'createClient', args: { id: 'c-evil', fields: clientFields('Evil') } }],
      {
        clientId: other.clientId,
        workspaceId: me.workspace.id,
      },
    );
    expect(theirClientId.status).toBe(403);
    expect(await theirClientId.json()).toMatchObject({ error: 'foreign_client' });
    const pulled = await handlePull(
      get(`/sync/pull?workspace=${other.workspace.id}`, me.cookie),
      context(database, clock),
    );
    expect(pulled.status).toBe(403);
    expect((await pullAs(other, `&cookie=${before.cookie}`)).changes).toEqual([]);
    expect((await pullAs(me)).changes.some((c) => c.id === 'c-evil')).toBe(false);
  });

  it('updates write only the fields they name (last writer wins per field); a deleted record refuses changes', async () => {
    const me = await person();
    const laptop = me;
    const phone = { ...me, clientId: `phone-${counter}-${'y'.repeat(16)}` };
    await pushAs(laptop, [
      {
        id: 1,
        name: 'addTimeLog',
        args: { id: 'l-1', fields: timeLogFields('2026-11-22', null, 3600) },
      },
    ]);
    await pushAs(laptop, [
      { id: 2, name: 'updateTimeLog', args: { id: 'l-1', changes: { dur: 4500 } } },
    ]);
    await pushAs(phone, [
      { id: 1, name: 'updateTimeLog', args: { id: 'l-1', changes: { tags: 'client call' } } },
    ]);
    const merged = (await pullAs(me)).changes.find((c) => c.id === 'l-1');
    expect(merged?.data).toMatchObject({
      dur: 4500,
      tags: 'client call',
      desc: '<p>Design review</p>',
    });

    const before = await pullAs(me);
    await pushAs(phone, [{ id: 2, name: 'deleteTimeLog', args: { id: 'l-1' } }]);
    const late = (await (
      await pushAs(laptop, [
        { id: 3, name: 'updateTimeLog', args: { id: 'l-1', changes: { dur: 60 } } },
      ])
    ).json()) as PushAnswer;
    expect(late.results[0]).toMatchObject({ outcome: 'refused', reason: 'deleted' });
    const after = await pullAs(me, `&cookie=${before.cookie}`);
    expect(after.changes).toEqual([
      expect.objectContaining({ kind: 'timeLog', id: 'l-1', deleted: true, data: null }),
    ]);
    // A first pull has nothing to remove, so it leaves deleted rows out.
    expect((await pullAs(me)).changes.some((c) => c.id === 'l-1')).toBe(false);
  });

  it('sends a large workspace in pages that add up to everything, pinned to one version', async () => {
    const me = await person();
    // A page and 500 logs more, and the person's own team-member record (a device alone gets
    // pages of 2,000 rows on either driver).
    const page = pullPageSize(database.kind, false);
    for (let batch = 0; batch < page / 500 + 1; batch += 1) {
      await pushAs(
        me,
        Array.from({ length: 500 }, (_, i) => ({
          id: batch * 500 + i + 1,
          name: 'addTimeLog',
          args: { id: `l-${batch}-${i}`, fields: timeLogFields('2026-10-01', null, 60) },
        })),
      );
    }
    const first = await pullAs(me);
    expect(first.changes).toHaveLength(page);
    expect(first.next).not.toBeNull();
    // A change that lands between pages waits for the next pull.
    await pushAs(me, [
      {
        id: page + 1000,
        name: 'createClient',
        args: { id: 'c-late', fields: clientFields('Late') },
      },
    ]);
    const second = await pullAs(me, `&upTo=${first.cookie}&cursor=${first.next}`);
    expect(second.next).toBeNull();
    expect(second.cookie).toBe(first.cookie);
    const ids = new Set([...first.changes, ...second.changes].map((c) => c.id));
    expect(ids.size).toBe(page + 501);
    expect(ids.has('c-late')).toBe(false);
    const later = await pullAs(me, `&cookie=${second.cookie}`);
    expect(later.changes.map((c) => c.id)).toEqual(['c-late']);
  }, 60_000);

  it('pages of any size cover every kind changed at one version exactly once', async () => {
    const me = await person();
    await pushAs(me, [
      { id: 1, name: 'createClient', args: { id: 'c-page', fields: clientFields('Paged') } },
      {
        id: 2,
        name: 'createProject',
        args: { id: 'p-page', fields: projectFields('Paged', 'c-page') },
      },
      {
        id: 3,
        name: 'addTimeLog',
        args: { id: 'l-page-1', fields: timeLogFields('2026-11-01', 'p-page', 60) },
      },
      {
        id: 4,
        name: 'addTimeLog',
        args: { id: 'l-page-2', fields: timeLogFields('2026-11-02', 'p-page', 60) },
      },
      { id: 5, name: 'setTimer', args: { timer: { status: 'idle' } } },
    ]);
    const userId = await database.transaction(async (q) =>
      String(
        (
          await q('SELECT user_id FROM memberships WHERE workspace_id = $1', [me.workspace.id])
        )[0]?.['user_id'],
      ),
    );
    const seen: string[] = [];
    let cursor = null;
    let upTo: number | null = null;
    for (let page = 0; page < 10; page += 1) {
      const answer = await pull(
        database.db,
        userId,
        { workspaceId: me.workspace.id, cookie: null, upTo, cursor },
        2,
      );
      if (answer.kind !== 'ok') throw new Error('refused');
      seen.push(
        ...(JSON.parse(`[${answer.changes.toString()}]`) as { kind: string; id: string }[]).map(
          (c) => `${c.kind}:${c.id}`,
        ),
      );
      upTo = Number(answer.cookie);
      if (!answer.next) break;
      cursor = decodeCursor(answer.next);
    }
    expect(seen.sort()).toEqual(
      [
        'client:c-page',
        'project:p-page',
        'timeLog:l-page-1',
        'timeLog:l-page-2',
        `member:${me.workspace.memberId}`,
        `timer:${userId}`,
      ].sort(),
    );
  });

  it('answers malformed pulls with 400 and a missing session with 401', async () => {
    const me = await person();
    for (const query of [
      'workspace=nope',
      `workspace=${me.workspace.id}&cookie=-1`,
      `workspace=${me.workspace.id}&cursor=%%%`,
      `workspace=${me.workspace.id}&cookie=1e3`,
    ]) {
      const res = await handlePull(get(`/sync/pull?${query}`, me.cookie), context(database, clock));
      expect(res.status, query).toBe(400);
    }
    expect(
      (await handlePull(get(`/sync/pull?workspace=${me.workspace.id}`), context(database, clock)))
        .status,
    ).toBe(401);
    expect((await pushAs({ ...me, cookie: '' }, [])).status).toBe(401);
  });

  it("keeps each person's stopwatch to themselves", async () => {
    const me = await person();
    const timer = {
      status: 'running',
      startedAt: 1_795_000_000_000,
      day: '2026-11-22',
      continueLogId: null,
    };
    const res = (await (
      await pushAs(me, [{ id: 1, name: 'setTimer', args: { timer } }])
    ).json()) as PushAnswer;
    expect(res.results[0]?.outcome).toBe('ok');
    expect((await pullAs(me)).changes.find((c) => c.kind === 'timer')?.data).toEqual(timer);
  });

  it('a pull never counts a mutation as applied whose change it does not carry', async () => {
    // A device drops from its outbox every mutation up to lastMutationIds, lays the rest over the
    // pulled rows and shows that. If a push landed between the pull's reads, the pull would count
    // it as applied but carry the older rows: the device would forget its own change (a stopped
    // stopwatch running again, its time counted twice). Here one device sets its stopwatch 40
    // times while pulling from scratch; what it would show must always be its latest change.
    const me = await person();
    const timerOf = (k: number) => ({
      status: 'running',
      startedAt: k * 1000,
      day: '2026-11-25',
      continueLogId: null,
    });
    let made = 0;
    const pushes = (async () => {
      for (let k = 1; k <= 40; k += 1) {
        made = k; // in the outbox before it is sent
        const res = await pushAs(me, [{ id: k, name: 'setTimer', args: { timer: timerOf(k) } }]);
        expect(res.status).toBe(200);
      }
    })();
    let done = false;
    void pushes.finally(() => (done = true));
    const wrong: string[] = [];
    while (!done) {
      const answer = await pullAs(me);
      const acknowledged = answer.lastMutationIds[me.clientId] ?? 0;
      const timer = answer.changes.find((c) => c.kind === 'timer')?.data as
        { startedAt?: number } | undefined;
      const carried = (timer?.startedAt ?? 0) / 1000;
      // The outbox beyond `acknowledged` is laid over the pulled rows: its last change wins.
      const shown = made > acknowledged ? made : carried;
      if (shown !== made)
        wrong.push(`made ${made}, acknowledged ${acknowledged}, carried ${carried}`);
    }
    await pushes;
    expect(wrong).toEqual([]);
  });

  it('keeps what a running stopwatch is for, and refuses an entry with unknown or bad fields', async () => {
    const me = await person();
    const entry = {
      projectId: 'p-1',
      taskId: null,
      memberId: null,
      tags: 'onsite',
      desc: 'Workshop',
    };
    const timer = {
      status: 'running',
      startedAt: 1_795_000_000_000,
      day: '2026-11-22',
      continueLogId: null,
      runId: 'run-1',
      entry,
    };
    const answer = (await (
      await pushAs(me, [
        { id: 1, name: 'setTimer', args: { timer } },
        {
          id: 2,
          name: 'setTimer',
          args: { timer: { ...timer, entry: { ...entry, colour: 'red' } } },
        },
        { id: 3, name: 'setTimer', args: { timer: { ...timer, entry: { ...entry, tags: 7 } } } },
      ])
    ).json()) as PushAnswer;
    expect(answer.results.map((r) => r.reason ?? r.outcome)).toEqual([
      'ok',
      'invalid_args',
      'invalid_args',
    ]);
    expect((await pullAs(me)).changes.find((c) => c.kind === 'timer')?.data).toEqual(timer);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'pushes from many devices at once all apply, each at its own version',
    async () => {
      const me = await person();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          pushAs({ ...me, clientId: `para-${i}-${counter}-${'z'.repeat(16)}` }, [
            {
              id: 1,
              name: 'addTimeLog',
              args: { id: `l-par-${i}`, fields: timeLogFields('2026-11-23', null, 60) },
            },
          ]).then(async (r) => (await r.json()) as PushAnswer),
        ),
      );
      expect(new Set(answers.map((a) => a.version)).size).toBe(20);
      expect((await pullAs(me)).changes.filter((c) => c.kind === 'timeLog')).toHaveLength(20);
    },
  );
});

describe.each(drivers)('migrating existing accounts on $name', (driver) => {
  it('gives accounts made before workspaces existed a workspace of their own, as Admin', async () => {
    // A database as the previous release left it: accounts, sessions, throttling.
    const { database, drop } = await driver.fresh(migrations.slice(0, 2));
    try {
      await database.transaction((q) =>
        q(
          "INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('6f1c1d1e-0000-4000-8000-000000000001', 'Old Timer', 'old@example.com', 'x', now())",
        ),
      );
      expect(await migrate(database.transaction)).toEqual(migrations.slice(2).map((m) => m.id));
      const rows = await database.transaction((q) =>
        q(
          'SELECT w.name, m.role, t.data FROM workspaces w JOIN memberships m ON m.workspace_id = w.id JOIN members t ON t.workspace_id = w.id AND t.id = m.member_id',
        ),
      );
      expect(rows).toEqual([
        {
          name: "Old Timer's workspace",
          role: 'Admin',
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- a matcher, not a value.
          data: expect.objectContaining({
            name: 'Old Timer',
            email: 'old@example.com',
            Role: 'Admin',
          }),
        },
      ]);
    } finally {
      await drop();
    }
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])(
  'a push cut off in the middle, on PostgreSQL',
  () => {
    it('loses nothing and duplicates nothing when the device sends it again', async () => {
      const driver = drivers.find((d) => d.name === 'PostgreSQL');
      if (!driver) return;
      const { database, url, drop } = await driver.fresh();
      const { default: pg } = await import('pg');
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        const { cookie, workspace } = await signUp(database, {
          name: 'Cut',
          email: 'cut@example.com',
        });
        const workspaceId = workspace.id;
        const body = {
          workspaceId,
          clientId: 'cut-device-0123456789ab',
          mutations: [1, 2, 3].map((id) => ({
            id,
            name: 'addTimeLog',
            args: { id: `l-cut-${id}`, fields: timeLogFields('2026-11-23', null, 60 * id) },
          })),
        };
        // Another connection holds the workspace row, so the push stops inside its transaction;
        // then its connection is killed, as when a server process dies mid-push.
        await blocker.query('BEGIN');
        await blocker.query('SELECT version FROM workspaces WHERE id = $1 FOR UPDATE', [
          workspaceId,
        ]);
        const cut = handlePush(post('/sync/push', body, cookie), context(database)).then(
          (r) => r.status,
          () => 'failed',
        );
        let victim: number | undefined;
        for (let i = 0; i < 50 && victim === undefined; i += 1) {
          const waiting = await blocker.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
          );
          victim = waiting.rows[0]?.pid;
          if (victim === undefined) await new Promise((r) => setTimeout(r, 100));
        }
        expect(victim).toBeDefined();
        await blocker.query('SELECT pg_terminate_backend($1)', [victim]);
        expect(await cut).toBe('failed');
        await blocker.query('ROLLBACK');

        const count = async () =>
          Number(
            (
              await blocker.query<{ n: string }>(
                'SELECT count(*) AS n FROM time_logs WHERE workspace_id = $1',
                [workspaceId],
              )
            ).rows[0]?.n,
          );
        expect(await count()).toBe(0);
        const retried = await handlePush(post('/sync/push', body, cookie), context(database));
        expect(retried.status).toBe(200);
        const again = await handlePush(post('/sync/push', body, cookie), context(database));
        expect(((await again.json()) as PushAnswer).lastMutationId).toBe(3);
        expect(await count()).toBe(3);
      } finally {
        await blocker.end();
        await drop();
      }
    }, 30_000);
  },
);
