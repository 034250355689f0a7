import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePublicMe } from '../../src/server/api/public-api-handlers';
import { handleOpenApiDocument } from '../../src/server/api/public-record-handlers';
import {
  handlePublicStartTimer,
  handlePublicTimer,
} from '../../src/server/api/public-timer-handlers';
import { handleRevokeToken } from '../../src/server/api/token-handlers';
import { handleWorkspaces } from '../../src/server/api/sync-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { deleteWith, makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock, get } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Issue 50: each token may make 600 requests a minute, refilled evenly (10 a second), counted
// in the database so every server process shares one count. Every answer says where the token
// stands (RateLimit-Limit, -Remaining, -Reset); past the limit the answer is 429 with
// Retry-After. The figures below follow from 100 ms per request and a 60 s allowance.

describe.each(drivers)('public API rate limits on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  const ctx = () => context(database, clock);
  const me = (token: string, on = database) =>
    handlePublicMe(withToken('/api/v1/me', token), context(on, clock));
  const figures = (res: Response) => ({
    status: res.status,
    limit: res.headers.get('RateLimit-Limit'),
    remaining: res.headers.get('RateLimit-Remaining'),
    reset: res.headers.get('RateLimit-Reset'),
  });
  const token = async (name: string, scope: 'read' | 'write' = 'read') =>
    (await makeToken(database, ada, scope, clock, { name })).token;

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.limits@example.com' }, clock);
  });
  afterAll(async () => drop());

  it('says where the token stands on every answer, refuses past 600 and recovers at 10 a second', async () => {
    const script = await token('burst');
    const first = await me(script);
    expect(figures(first)).toEqual({ status: 200, limit: '600', remaining: '599', reset: '1' });
    expect(first.headers.get('RateLimit-Policy')).toBe('600;w=60');
    // 598 more at the same instant: 599 made, one left, the allowance back in 59.9 s.
    for (let i = 0; i < 598; i += 1) expect((await me(script)).status).toBe(200);
    expect(figures(await me(script))).toEqual({
      status: 200,
      limit: '600',
      remaining: '0',
      reset: '60',
    });

    const refused = await me(script);
    expect(figures(refused)).toEqual({ status: 429, limit: '600', remaining: '0', reset: '60' });
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message:
        'Too many requests with this access token: 600 a minute, 10 a second sustained. Try again in 1 second.',
    });
    // A refused request costs nothing: 100 ms later one more passes, and then one every 100 ms.
    clock.advance(100);
    expect(figures(await me(script))).toMatchObject({ status: 200, remaining: '0', reset: '60' });
    for (let i = 0; i < 50; i += 1) {
      clock.advance(100);
      expect((await me(script)).status).toBe(200);
    }
    // 250 ms without a request: 2.5 requests' worth back, so after this one 1 left.
    clock.advance(250);
    expect(figures(await me(script))).toMatchObject({ status: 200, remaining: '1', reset: '60' });
    // A quiet minute gives the whole allowance back.
    clock.advance(60_000);
    expect(figures(await me(script))).toMatchObject({ status: 200, remaining: '599', reset: '1' });
  }, 120_000);

  it('never refuses a timer widget polling every 2 seconds', async () => {
    const widget = await token('widget');
    for (let i = 0; i < 300; i += 1) {
      const res = await handlePublicTimer(withToken('/api/v1/timer', widget), ctx());
      expect(figures(res)).toMatchObject({ status: 200, remaining: '599', reset: '1' });
      clock.advance(2_000);
    }
  }, 60_000);

  it("counts each token alone, and never a cookie session's requests", async () => {
    const busy = await token('busy');
    for (let i = 0; i < 600; i += 1) await me(busy);
    expect((await me(busy)).status).toBe(429);

    expect(figures(await me(await token('calm')))).toMatchObject({
      status: 200,
      remaining: '599',
    });
    const app = await handleWorkspaces(get('/sync/workspaces', ada.cookie), ctx());
    expect(app.status).toBe(200);
    expect(app.headers.get('RateLimit-Limit')).toBeNull();
  }, 60_000);

  it('counts refusals of a valid token, but not requests without one', async () => {
    const reader = await token('reader');
    const write = await handlePublicStartTimer(
      withToken('/api/v1/timer/start', reader, { method: 'POST' }),
      ctx(),
    );
    expect(figures(write)).toMatchObject({ status: 403, remaining: '599' });
    expect(figures(await me(reader))).toMatchObject({ status: 200, remaining: '598' });

    const revoked = await makeToken(database, ada, 'read', clock, { name: 'revoked' });
    await handleRevokeToken(deleteWith(`/api/tokens/${revoked.id}`, ada.cookie), ctx());
    expect(figures(await me(revoked.token))).toEqual({
      status: 401,
      limit: null,
      remaining: null,
      reset: null,
    });
  });

  it('lets exactly 600 of 650 requests sent at once through', async () => {
    const crowd = await token('crowd');
    const answers = await Promise.all(Array.from({ length: 650 }, () => me(crowd)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(600);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(50);
  }, 60_000);

  it.runIf(driver.name === 'PostgreSQL')(
    'shares one count between two server processes: exactly 600 of 700 pass',
    async () => {
      // A second process's own connection pool on the same database: nothing in memory shared.
      const other = await openDatabase({ url });
      try {
        const shared = await token('shared');
        const answers = await Promise.all(
          Array.from({ length: 700 }, (_, i) => me(shared, i % 2 === 0 ? database : other)),
        );
        expect(answers.filter((res) => res.status === 200)).toHaveLength(600);
        expect(answers.filter((res) => res.status === 429)).toHaveLength(100);
        // Each process alone would have let all its 350 through: each saw the other's count.
        expect(figures(await me(shared, other))).toMatchObject({ status: 429, remaining: '0' });
      } finally {
        await other.close();
      }
    },
    120_000,
  );

  it('declares the headers and the 429 in the OpenAPI document', async () => {
    const res = await handleOpenApiDocument(
      new Request('https://hourmark.test/api/v1/openapi.json'),
      ctx(),
    );
    expect(res.headers.get('RateLimit-Limit')).toBeNull();
    const document = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const getMe = document.paths['/api/v1/me']?.['get']?.responses ?? {};
    expect(Object.keys(getMe['200']?.headers ?? {})).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
    ]);
    expect(Object.keys(getMe['429']?.headers ?? {})).toContain('Retry-After');
  });
});
