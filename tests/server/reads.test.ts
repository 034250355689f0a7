import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleExport,
  handleLogs,
  handleTags,
  handleTotals,
} from '../../src/server/api/read-handlers';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, signUp, timeLogFields } from './workspace-support';

// What the browser asks the server for because its cache keeps only the last 8 weeks of logs.
// Amounts worked out by hand in the comments.

const member = {
  name: 'Ravi',
  email: 'ravi@example.com',
  LoborRate: 400,
  BillableRate: 900,
  Role: 'Normal',
  notes: '',
  status: 'Active',
  autoAddToProjects: false,
};

describe.each(drivers)('reading older logs, totals and the export on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let me: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let next = 0;

  const push = async (mutations: { name: string; args: unknown }[]) => {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: me.workspace.id,
          clientId: 'reads-device-0123456789',
          mutations: mutations.map((m) => ({ ...m, id: (next += 1) })),
        },
        me.cookie,
      ),
      context(database, clock),
    );
    const body = (await res.json()) as { results: { outcome: string }[] };
    for (const result of body.results)
      expect(result, JSON.stringify(body)).toMatchObject({ outcome: 'ok' });
  };
  const read = async (path: string, cookie = me.cookie) => {
    const handler = path.startsWith('/sync/logs')
      ? handleLogs
      : path.startsWith('/sync/totals')
        ? handleTotals
        : path.startsWith('/sync/export')
          ? handleExport
          : path.startsWith('/sync/tags')
            ? handleTags
            : handlePull;
    const res = await handler(get(path, cookie), context(database, clock));
    return { status: res.status, headers: res.headers, body: (await res.json()) as never };
  };
  const log = (
    id: string,
    date: string,
    projectId: string | null,
    dur: number,
    extra: Record<string, unknown> = {},
  ) => ({
    name: 'addTimeLog',
    args: {
      id,
      fields: { ...timeLogFields(date, projectId, dur), memberId: 'm1', exp: 0, ...extra },
    },
  });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    me = await signUp(database, { name: 'Meera', email: 'meera@example.com' }, clock);
    stranger = await signUp(database, { name: 'Sam', email: 'sam@example.com' }, clock);
    await push([
      { name: 'createMember', args: { id: 'm1', fields: member } },
      { name: 'createClient', args: { id: 'c1', fields: clientFields('Acme') } },
      { name: 'createClient', args: { id: 'c2', fields: clientFields('Bolt') } },
      {
        name: 'createProject',
        args: {
          id: 'p1',
          fields: { ...projectFields('Website', 'c1'), billable: 'member', rounding: 'false' },
        },
      },
      {
        name: 'createProject',
        args: {
          id: 'p2',
          fields: { ...projectFields('Audit', 'c2'), billable: 'project', billamount: 1000 },
        },
      },
      {
        name: 'createProject',
        args: { id: 'p3', fields: { ...projectFields('Old site', 'c1'), billable: 'member' } },
      },
      // Website: member rate ₹900/h, no rounding. Audit: ₹1,000/h, rounded up to 15 min.
      log('a1', '2026-11-20', 'p1', 3600, { tags: 'design', desc: '<p>Home page</p>' }),
      log('a2', '2026-09-01', 'p1', 1800, {
        tags: 'design, call',
        desc: '<p>Kick-off call</p>',
        status: 'pending',
      }),
      log('a3', '2026-08-15', 'p2', 600, { exp: 120.5, desc: '<p>Checklist</p>' }),
      log('a4', '2025-01-10', 'p1', 7200, { desc: '<p>Old <strong>launch</strong></p>' }),
      log('a5', '2024-06-03', 'p3', 3600, { desc: '<p>Legacy work</p>' }),
      log('gone', '2024-06-04', 'p1', 3600),
      { name: 'deleteTimeLog', args: { id: 'gone' } },
      // A deleted project's logs keep its name.
      { name: 'deleteProject', args: { id: 'p3' } },
    ]);
  });
  afterAll(async () => drop());

  it('a first pull sends only logs from the cache window’s first day; later pulls send any changed log', async () => {
    const ws = me.workspace.id;
    const first = await read(`/sync/pull?workspace=${ws}&logsFrom=2026-09-26`);
    expect(first.status).toBe(200);
    const { changes, cookie } = first.body as {
      changes: { kind: string; id: string }[];
      cookie: string;
    };
    expect(changes.filter((c) => c.kind === 'timeLog').map((c) => c.id)).toEqual(['a1']);
    // Every client, project (the deleted one is not sent on a first pull), task and member.
    expect(changes.filter((c) => c.kind === 'project').map((c) => c.id)).toEqual(['p1', 'p2']);
    await push([{ name: 'updateTimeLog', args: { id: 'a4', changes: { tags: 'launch' } } }]);
    const later = await read(`/sync/pull?workspace=${ws}&cookie=${cookie}&logsFrom=2026-09-26`);
    expect((later.body as { changes: { id: string }[] }).changes.map((c) => c.id)).toEqual(['a4']);
    const bad = await read(`/sync/pull?workspace=${ws}&logsFrom=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'invalid_request',
      fields: { logsFrom: 'Must be a day as YYYY-MM-DD' },
    });
  });

  it('gives older logs newest first, labelled, with the totals of every match', async () => {
    const ws = me.workspace.id;
    const all = await read(`/sync/logs?workspace=${ws}&before=2026-09-26`);
    expect(all.status).toBe(200);
    const body = all.body as {
      logs: { id: string; client: string; date: string }[];
      totals: Record<string, number>;
    };
    expect(body.logs.map((l) => [l.id, l.client])).toEqual([
      ['a2', 'Acme / Website'],
      ['a3', 'Bolt / Audit'],
      ['a4', 'Acme / Website'],
      ['a5', 'Acme / Old site'],
    ]);
    // a2 0.5 h × ₹900 = ₹450; a3 10 min → 15 min × ₹1,000 = ₹250; a4 2 h × ₹900 = ₹1,800;
    // a5 1 h × ₹900 = ₹900 (its project deleted, the amount kept). Cost at ₹400/h of raw time:
    // ₹200 + ₹66.67 + ₹800 + ₹400. Expenses: ₹120.50.
    expect(body.totals).toEqual({
      logs: 4,
      seconds: 1800 + 600 + 7200 + 3600,
      billableSeconds: 1800 + 900 + 7200 + 3600,
      billableMinor: 45000 + 25000 + 180000 + 90000,
      costMinor: 20000 + 6667 + 80000 + 40000,
      expensesMinor: 12050,
    });
  });

  it('filters older logs by dates, client, project, tag and text, and pages them', async () => {
    const ws = me.workspace.id;
    const ids = async (query: string) => {
      const res = await read(`/sync/logs?workspace=${ws}&before=2026-09-26&${query}`);
      expect(res.status, query).toBe(200);
      const body = res.body as { logs: { id: string }[]; totals: { logs: number } };
      return { ids: body.logs.map((l) => l.id), count: body.totals.logs };
    };
    expect(await ids('from=2025-01-01&to=2026-08-31')).toEqual({ ids: ['a3', 'a4'], count: 2 });
    expect(await ids('client=c2')).toEqual({ ids: ['a3'], count: 1 });
    expect(await ids('project=p1')).toEqual({ ids: ['a2', 'a4'], count: 2 });
    expect(await ids('tag=CALL')).toEqual({ ids: ['a2'], count: 1 });
    // Text matches the description's words (not its markup) and the shown "Client / Project".
    expect(await ids('q=launch')).toEqual({ ids: ['a4'], count: 1 });
    expect(await ids('q=strong')).toEqual({ ids: [], count: 0 });
    expect(await ids('q=old%20site')).toEqual({ ids: ['a5'], count: 1 });
    expect(await ids('limit=2&offset=1')).toEqual({ ids: ['a3', 'a4'], count: 4 });
    expect(await ids('status=pending')).toEqual({ ids: ['a2'], count: 1 });
    expect(await ids('q=a&limit=1&offset=1')).toMatchObject({ ids: ['a3'] });
  });

  it('sums each project’s logs before a day, from the stored figures', async () => {
    const res = await read(`/sync/totals?workspace=${me.workspace.id}&before=2026-09-26`);
    expect(res.status).toBe(200);
    expect((res.body as { projects: unknown[] }).projects).toEqual([
      {
        projectId: 'p1',
        logs: 2,
        seconds: 9000,
        billableSeconds: 9000,
        billableMinor: 225000,
        costMinor: 100000,
        expensesMinor: 0,
        pendingLogIds: ['a2'],
      },
      {
        projectId: 'p2',
        logs: 1,
        seconds: 600,
        billableSeconds: 900,
        billableMinor: 25000,
        costMinor: 6667,
        expensesMinor: 12050,
        pendingLogIds: [],
      },
      {
        projectId: 'p3',
        logs: 1,
        seconds: 3600,
        billableSeconds: 3600,
        billableMinor: 90000,
        costMinor: 40000,
        expensesMinor: 0,
        pendingLogIds: [],
      },
    ]);
  });

  it('exports every live record with labels, however old, as a file Import reads', async () => {
    const res = await read(`/sync/export?workspace=${me.workspace.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="hourmark-export-2026-11-22.json"',
    );
    const file = res.body as {
      clients: { name: string }[];
      project: { projectName: string; client: string }[];
      Team: { name: string }[];
      taskData: { id: string; client: string }[];
    };
    expect(file.clients.map((c) => c.name)).toEqual(['Acme', 'Bolt']);
    expect(file.project.map((p) => `${p.client} / ${p.projectName}`)).toEqual([
      'Acme / Website',
      'Bolt / Audit',
    ]);
    // The account's own team-member record (made at sign-up) and Ravi.
    expect(file.Team.map((m) => m.name)).toEqual(['Meera', 'Ravi']);
    expect(file.taskData.map((l) => [l.id, l.client]).sort()).toEqual([
      ['a1', 'Acme / Website'],
      ['a2', 'Acme / Website'],
      ['a3', 'Bolt / Audit'],
      ['a4', 'Acme / Website'],
      ['a5', 'Acme / Old site'],
    ]);
  });

  it('lists every tag used on live logs, old or new, once', async () => {
    const res = await read(`/sync/tags?workspace=${me.workspace.id}`);
    expect(res.status).toBe(200);
    // a1 'design', a2 'design, call', a4 'launch' (set in the first test); deleted logs none.
    expect(res.body).toEqual({ tags: ['call', 'design', 'launch'] });
  });

  it('answers another account’s workspace with 403 and bad queries with 400 naming the field', async () => {
    for (const path of ['/sync/logs', '/sync/totals', '/sync/export', '/sync/tags']) {
      const foreign = await read(`${path}?workspace=${me.workspace.id}`, stranger.cookie);
      expect(foreign.status, path).toBe(403);
      expect(foreign.body).toMatchObject({ error: 'not_member' });
      const signedOut = await read(`${path}?workspace=${me.workspace.id}`, '');
      expect(signedOut.status, path).toBe(401);
    }
    const bad = await read(
      `/sync/logs?workspace=${me.workspace.id}&from=2026-13-01&limit=0&colour=red`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'invalid_request',
      fields: {
        from: 'Must be a day as YYYY-MM-DD',
        limit: 'At least 1',
        colour: 'Not a parameter of this request',
      },
    });
  });
});
