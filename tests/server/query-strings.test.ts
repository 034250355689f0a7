import type { APIContext, APIRoute, MiddlewareNext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleActivity } from '../../src/server/api/activity-handler';
import {
  handleClientCredits,
  handleDraftInvoice,
  handleIssueInvoice,
} from '../../src/server/api/invoice-handlers';
import type { Database } from '../../src/server/db/connect';
import { onRequest } from '../../src/middleware';
import { context, drivers, fakeClock, freshAddress, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 46, point 6: a NUL in a query string was a 500 on two endpoints (PostgreSQL cannot hold
// it) and 400, 403, 404 or even 200 on the others. The middleware now refuses a query whose
// names or values, decoded, hold a control character the write schemas refuse, with 400 before
// any route runs. Tested at the API: every GET endpoint under src/pages, found by the glob below
// so a new one cannot be left out, behind src/middleware.ts, against both drivers.

// src/middleware.ts imports Astro's virtual module, which only exists inside Astro's build.
vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(handler: T) => handler }));
// The routes open the process's database; here it is the driver's fresh one.
const opened = vi.hoisted(() => ({ database: null as Database | null }));
vi.mock('../../src/server/db', () => ({
  getDatabase: () =>
    opened.database ? Promise.resolve(opened.database) : Promise.reject(new Error('no database')),
  isDatabaseReady: () => opened.database !== null,
}));

// Vite resolves this at build time: every endpoint module of the app.
const modules = import.meta.glob<Record<string, unknown>>('../../src/pages/**/*.ts');

/** Every route that answers GET, as its address (a `[param]` filled with a uuid-shaped id). */
async function getRoutes(): Promise<{ path: string; route: APIRoute }[]> {
  const found: { path: string; route: APIRoute }[] = [];
  for (const [file, load] of Object.entries(modules)) {
    const route = (await load())['GET'];
    if (typeof route !== 'function') continue;
    const path = file
      .replace('../../src/pages', '')
      .replace(/\.ts$/, '')
      .replace(/\[[^\]]+\]/g, '00000000-0000-4000-8000-000000000000');
    found.push({ path, route: route as APIRoute });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** A request through the middleware, on to `route` when the middleware lets it through. */
async function through(request: Request, route: APIRoute): Promise<Response> {
  const ctx = {
    request,
    url: new URL(request.url),
    isPrerendered: false,
    locals: { peerAddress: freshAddress() },
  } as unknown as APIContext;
  const next: MiddlewareNext = async () => route(ctx);
  const answer = await onRequest(ctx, next);
  if (!(answer instanceof Response)) throw new Error('the middleware answered no response');
  return answer;
}

const MESSAGE =
  'The address holds invisible control characters (such as NUL), often from pasted text: remove them and try again.';

describe.each(drivers)('control characters in query strings on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let invoiceId = '';
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    opened.database = database;
    admin = await signUp(database, { name: 'Ada', email: 'ada.query@example.com' }, clock);
    // An issued invoice, so its files' parameters (`credit`, `syntax`, `paper`) are reached.
    await ok(admin, 'createClient', { id: 'c1', fields: clientFields('Bolt') });
    await ok(admin, 'createProject', { id: 'p1', fields: projectFields('Website', 'c1') });
    await ok(admin, 'addTimeLog', {
      id: 'L1',
      fields: { ...timeLogFields('2026-11-17', 'p1', 3600), exp: 0 },
    });
    const ctx = () => context(database, clock, freshAddress());
    const drafted = await handleDraftInvoice(
      post(
        '/api/invoices',
        { workspaceId: admin.workspace.id, clientId: 'c1', from: '2026-11-16', to: '2026-11-22' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(drafted.status).toBe(201);
    invoiceId = ((await drafted.json()) as { invoice: { id: string } }).invoice.id;
    const issued = await handleIssueInvoice(
      post(
        '/api/invoices/issue',
        { workspaceId: admin.workspace.id, id: invoiceId, issueDate: '2026-11-24' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(issued.status).toBe(200);
  });
  afterAll(async () => {
    opened.database = null;
    await drop();
  });

  /** Parameters the endpoints read, each valid for the admin's workspace where it can be. */
  const valid = () => ({
    workspace: admin.workspace.id,
    id: invoiceId,
    client: 'c1',
    member: admin.workspace.memberId,
    project: 'p1',
    from: '2026-11-16',
    to: '2026-11-22',
    token: 'a'.repeat(22),
    q: 'Design',
    credit: '1',
    syntax: 'cii',
    facturx: '1',
    paper: 'a4',
    format: 'csv',
    cursor: 'x',
    mapping: '{}',
  });
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  it('answers 400 JSON on every GET endpoint when a parameter holds NUL or another control', async () => {
    const routes = await getRoutes();
    // The app's GET endpoints, and their aliases under /sync: none may be missed by the glob.
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/client-credits', '/api/activity', '/user/me', '/health']),
    );
    const params = valid();
    const queries = [
      // NUL in each parameter's value, the others valid.
      ...Object.keys(params).map((name) => query({ ...params, [name]: `${name}\u0000` })),
      // NUL in a name, other controls and a noncharacter, escaped in both cases.
      `${query(params)}&%00=1`,
      `workspace=${params.workspace}&client=c%01&member=m%1F`,
      `workspace=${params.workspace}&q=a%1Bb`,
      `workspace=${params.workspace}&q=%EF%BF%BF`,
      `workspace=%00`,
      `%00`,
    ];
    const wrong: string[] = [];
    for (const { path, route } of routes)
      for (const search of queries) {
        const res = await through(get(`${path}?${search}`, admin.cookie), route);
        const body = res.headers.get('content-type')?.startsWith('application/json')
          ? ((await res.json()) as { error?: unknown; message?: unknown })
          : {};
        if (res.status !== 400 || body.error !== 'invalid_request' || body.message !== MESSAGE)
          wrong.push(`${path}?${search}: ${res.status} ${String(body.error)}`);
      }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('names the parameter beside the message, and lets tab, line breaks and other text through', async () => {
    const routes = new Map((await getRoutes()).map((r) => [r.path, r.route]));
    const logs = routes.get('/api/logs');
    if (!logs) throw new Error('no /api/logs');
    const refused = await through(
      get(`/api/logs?workspace=${admin.workspace.id}&member=m%00`, admin.cookie),
      logs,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_request',
      message: MESSAGE,
      fields: {
        member: 'Contains invisible control characters or characters that cannot be stored',
      },
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // A search pasted from a multi-line description, with a tab, a slash, + and ₹: answered.
    for (const q of ['Design%09review', 'Design%0D%0Areview', 'a%2Fb+c', '%E2%82%B9'])
      expect(
        (await through(get(`/api/logs?workspace=${admin.workspace.id}&q=${q}`, admin.cookie), logs))
          .status,
        q,
      ).toBe(200);
  });

  it('keeps the two endpoints that failed with a NUL from failing when reached directly', async () => {
    const ctx = () => context(database, clock, freshAddress());
    const credits = await handleClientCredits(
      get(`/api/client-credits?workspace=${admin.workspace.id}&client=%00`, admin.cookie),
      ctx(),
    );
    expect(credits.status).toBe(400);
    expect(await credits.json()).toMatchObject({ error: 'invalid_request' });
    const activity = await handleActivity(
      get(`/api/activity?workspace=${admin.workspace.id}&member=%00`, admin.cookie),
      ctx(),
    );
    expect(activity.status).toBe(400);
    expect(await activity.json()).toMatchObject({ error: 'invalid_request' });
  });
});
