import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleCreateWorkspace,
  handlePoke,
  handlePull,
  handlePush,
  handleWorkspaces,
} from '../../src/server/api/sync-handlers';
import {
  handleExport,
  handleLogs,
  handleTags,
  handleTotals,
} from '../../src/server/api/read-handlers';
import type { Database } from '../../src/server/db/connect';
import { mutationSpecs } from '../../src/lib/sync/mutations';
import { context, drivers, get, post } from './support';
import { clientFields, projectFields, signUp, timeLogFields } from './workspace-support';

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const oddValues: unknown[] = [
  null,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  '\u0000',
  '\uD800',
  'x'.repeat(60_000),
  [],
  {},
  { __proto__: { polluted: true } },
  true,
  '2026-02-30',
  '25:61',
  "'; DROP TABLE time_logs; --",
];

const validFields: Record<string, Record<string, unknown>> = {
  client: clientFields('Acme'),
  project: { ...projectFields('P', null), memberIds: ['m-1'] },
  task: { projectId: 'p-1', task: 'T', assigneeIds: [], billableRate: null },
  member: {
    name: 'M',
    email: '',
    LoborRate: 0,
    BillableRate: 0,
    Role: 'Normal',
    notes: '',
    status: 'Active',
    autoAddToProjects: false,
    rateHistory: [{ until: '2026-10-31', LoborRate: 1, BillableRate: 2 }],
  },
  timeLog: timeLogFields('2026-11-01', null, 60),
};

describe.each(drivers)('fuzzing the sync endpoints on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  it('answers 1,000 pushes, pulls, poke streams, workspace lists and new workspaces, junk or well-formed with bad values inside, never with a 5xx', async () => {
    const rand = random(20261123);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const register = async (email: string) => {
      const { cookie, workspace } = await signUp(database, { name: 'Fuzz', email });
      return { cookie, workspaceId: workspace.id };
    };
    const me = await register('fuzz.sync@example.com');
    const other = await register('other.sync@example.com');
    const names = [...Object.keys(mutationSpecs), 'bogus', '__proto__', 'constructor'];
    const ids = ['p-1', 'c-1', 'l-1', 'm-1', 'missing', '', 'x'.repeat(300)];
    // `other` also belongs to `me`'s workspace as a Normal member, so the role checks are fuzzed.
    await database.db.execute(
      sql`INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at) SELECT ${me.workspaceId}, id, 'Normal', 'm-1', now() FROM users WHERE email = 'other.sync@example.com'`,
    );

    const mutation = (id: number) => {
      const name = pick(names);
      const spec = (mutationSpecs as Record<string, { kind: string; op: string }>)[name];
      const fields = { ...(validFields[spec?.kind ?? 'client'] ?? {}) };
      if (rand() < 0.7) fields[pick(Object.keys(fields))] = pick(oddValues);
      if (rand() < 0.2) fields['unknownField'] = 1;
      const args =
        rand() < 0.15
          ? pick(oddValues)
          : spec?.op === 'update'
            ? { id: pick(ids), changes: rand() < 0.1 ? {} : fields }
            : spec?.op === 'delete'
              ? { id: pick(ids) }
              : spec?.op === 'set'
                ? {
                    timer: pick([
                      { status: 'idle' },
                      { status: 'running', startedAt: -1 },
                      pick(oddValues),
                    ]),
                  }
                : { id: pick(ids), fields };
      return rand() < 0.05 ? pick(oddValues) : { id, name, args };
    };

    let clientCounter = 0;
    for (let i = 0; i < 1000; i += 1) {
      clientCounter += 1;
      const shape = rand();
      const body =
        shape < 0.1
          ? pick(['', '{', 'null', '[]', '{"mutations":', '"x"'])
          : JSON.stringify({
              workspaceId:
                rand() < 0.1 ? other.workspaceId : rand() < 0.05 ? pick(oddValues) : me.workspaceId,
              clientId:
                rand() < 0.05 ? pick(oddValues) : `fuzzclient-${clientCounter % 7}-abcdefgh`,
              mutations:
                rand() < 0.05
                  ? pick(oddValues)
                  : Array.from({ length: Math.floor(rand() * 6) }, (_, k) =>
                      mutation(i * 10 + k + 1),
                    ),
              ...(rand() < 0.05 ? { extra: true } : {}),
            });
      const pusher = rand() < 0.3 ? other.cookie : me.cookie;
      const res = await handlePush(post('/sync/push', body, pusher), context(database));
      expect(res.status, `push #${i}: ${body.slice(0, 200)}`).toBeLessThan(500);
      const answer = (await res.json()) as { error?: string; results?: unknown[] };
      if (res.status >= 400) expect(answer.error).toEqual(expect.any(String));
    }
    const queries = [
      '',
      'workspace=',
      `workspace=${me.workspaceId}`,
      `workspace=${other.workspaceId}`,
      'cookie=1',
      'cursor=abc',
      'upTo=99999999999999999999',
      'cookie=%00',
      'workspace=../../etc',
      'logsFrom=2026-09-26',
      'logsFrom=2026-02-30',
      'logsFrom=%00',
    ];
    for (let i = 0; i < 1000; i += 1) {
      const query = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(queries)).join(
        '&',
      );
      const res = await handlePull(get(`/sync/pull?${query}`, me.cookie), context(database));
      expect(res.status, `pull #${i}: ${query}`).toBeLessThan(500);
    }
    // The poke stream and the workspace list take a query and a cookie: the same junk, and
    // cookies that are junk, another account's or none. A stream that opens is closed at once.
    const cookies = [me.cookie, other.cookie, '', 'hm_session=x.y', 'hm_session=%00; hm_device=~~'];
    for (let i = 0; i < 1000; i += 1) {
      const query = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(queries)).join(
        '&',
      );
      const cookie = pick(cookies);
      const abort = new AbortController();
      const poke = await handlePoke(
        new Request(`https://hourmark.test/sync/poke?${query}`, {
          headers: { cookie },
          signal: abort.signal,
        }),
        context(database),
      );
      expect(poke.status, `poke #${i}: ${query}`).toBeLessThan(500);
      if (poke.status === 200) {
        abort.abort();
        await poke.body?.cancel();
      } else expect(((await poke.json()) as { error?: string }).error).toEqual(expect.any(String));
      const listed = await handleWorkspaces(get('/sync/workspaces', cookie), context(database));
      expect(listed.status, `workspaces #${i}`).toBeLessThan(500);
      const body =
        rand() < 0.2
          ? pick(['', '{', 'null', '[]', '"x"'])
          : JSON.stringify(
              rand() < 0.7
                ? { name: pick(oddValues) }
                : { name: `Studio ${i}`, ...(rand() < 0.5 ? { owner: other.workspaceId } : {}) },
            );
      const created = await handleCreateWorkspace(
        post('/sync/workspaces', body, cookie),
        context(database),
      );
      expect(created.status, `create workspace #${i}: ${body.slice(0, 100)}`).toBeLessThan(500);
      if (created.status >= 400)
        expect(((await created.json()) as { error?: string }).error).toEqual(expect.any(String));
    }
  }, 240_000);

  it('answers 1,000 reads of older logs, totals, tags and exports, junk or with bad values inside, never with a 5xx', async () => {
    const rand = random(20261124);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const me = await signUp(database, { name: 'Reader', email: 'fuzz.reads@example.com' });
    const other = await signUp(database, { name: 'Other', email: 'other.reads@example.com' });
    const values = [
      me.workspace.id,
      other.workspace.id,
      '',
      '2026-11-01',
      '2026-02-30',
      '0',
      '5000',
      '5001',
      '-1',
      '1e3',
      '99999999999',
      'p-1',
      '%00',
      '%F0%9F%98%80',
      encodeURIComponent('x'.repeat(300)),
      encodeURIComponent("'; DROP TABLE time_logs; --"),
    ];
    const names = [
      'workspace',
      'from',
      'to',
      'before',
      'client',
      'project',
      'task',
      'member',
      'tag',
      'q',
      'limit',
      'offset',
      'bogus',
      '__proto__',
    ];
    const handlers = [
      ['/sync/logs', handleLogs],
      ['/sync/totals', handleTotals],
      ['/sync/export', handleExport],
      ['/sync/tags', handleTags],
    ] as const;
    const cookies = [me.cookie, me.cookie, me.cookie, other.cookie, '', 'hm_session=x.y'];
    for (let i = 0; i < 1000; i += 1) {
      const [path, handler] = pick(handlers);
      const query = [
        ...(rand() < 0.8 ? [`workspace=${me.workspace.id}`] : []),
        ...Array.from({ length: Math.floor(rand() * 4) }, () => `${pick(names)}=${pick(values)}`),
      ].join('&');
      const res = await handler(get(`${path}?${query}`, pick(cookies)), context(database));
      expect(res.status, `${path}?${query}`).toBeLessThan(500);
      const body = (await res.json()) as { error?: string };
      if (res.status >= 400) expect(body.error, `${path}?${query}`).toEqual(expect.any(String));
    }
  }, 120_000);
});
