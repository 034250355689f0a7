import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleDelete,
  handleLogin,
  handleLogout,
  handleMe,
  handlePassword,
  handleRegister,
} from '../../src/server/api/handlers';
import {
  handlePublicCreateEntry,
  handlePublicDeleteEntry,
  handlePublicMe,
  handlePublicTimeEntries,
  handlePublicTimeEntry,
  handlePublicUpdateEntry,
} from '../../src/server/api/public-api-handlers';
import {
  handleOpenApiDocument,
  handlePublicClient,
  handlePublicClients,
  handlePublicMember,
  handlePublicMembers,
  handlePublicProject,
  handlePublicProjects,
  handlePublicTask,
  handlePublicTasks,
} from '../../src/server/api/public-record-handlers';
import {
  handlePublicStartTimer,
  handlePublicStopTimer,
  handlePublicTimer,
} from '../../src/server/api/public-timer-handlers';
import {
  handleCreateToken,
  handleRevokeToken,
  handleTokens,
} from '../../src/server/api/token-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken } from './api-token-support';
import { context, cookieOf, drivers, post } from './support';
import { signUp } from './workspace-support';

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const weird = [
  '',
  ' ',
  '\u0000',
  '💥'.repeat(50),
  'é'.repeat(300),
  '<script>',
  'a@b',
  '@@',
  "' OR 1=1 --",
  '\uD800',
  'x'.repeat(20_000),
];

function value(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 9);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rand() * 1e12 - 5e11;
    case 2:
      return rand() > 0.5;
    case 3:
      return weird[Math.floor(rand() * weird.length)];
    case 4:
      return depth > 2
        ? []
        : Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth + 1));
    case 5:
      return depth > 2 ? {} : { email: value(rand, depth + 1), nested: value(rand, depth + 1) };
    case 6:
      return 'x'.repeat(Math.floor(rand() * 400));
    default:
      return String.fromCharCode(...Array.from({ length: 12 }, () => Math.floor(rand() * 0xffff)));
  }
}

function body(rand: () => number): string {
  const kind = Math.floor(rand() * 6);
  if (kind === 0)
    return (
      ['', '{', 'null', '[]', '"text"', '{"email":}', '\u0000', '{"a":1}}'][
        Math.floor(rand() * 8)
      ] ?? ''
    );
  if (kind === 1) return JSON.stringify(value(rand));
  const fields: Record<string, unknown> = {};
  for (const key of [
    'name',
    'email',
    'password',
    'remember',
    'currentPassword',
    'newPassword',
    'extra',
  ])
    if (rand() > 0.25) fields[key] = value(rand);
  return JSON.stringify(fields);
}

describe.each(drivers)('fuzzing the account endpoints on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** A Cookie header: the real session, or junk session and device cookies. */
  function cookie(rand: () => number, session: string): string {
    // Header values travel as bytes: anything outside printable Latin-1, and ';', becomes '?'.
    const junk = () => String(value(rand)).replace(/[^\x20-\x3a\x3c-\xff]/g, '?');
    switch (Math.floor(rand() * 4)) {
      case 0:
        return session;
      case 1:
        return `${session}; hm_device=${junk()}`;
      case 2:
        return `hm_session=${junk()}; hm_device=${junk()}~${junk()}`;
      default:
        return `hm_device=${'A'.repeat(22)}.${'B'.repeat(43)}~${junk()}`;
    }
  }

  it('answers 1,000 malformed bodies per endpoint with JSON 4xx, never 5xx', async () => {
    const rand = random(20261122);
    const statuses = new Map<number, number>();
    const account = { name: 'Fuzz', email: 'fuzz@example.com', password: 'fuzz password' };
    await handleRegister(post('/user/register', account), context(database, undefined, '10.9.9.9'));
    const session = cookieOf(
      await handleLogin(post('/user/login', account), context(database, undefined, '10.9.9.9')),
    );
    for (const [path, handler] of [
      ['/user/register', handleRegister],
      ['/user/login', handleLogin],
      ['/user/password', handlePassword],
      ['/user/delete', handleDelete],
      ['/user/logout', handleLogout],
      ['/user/me', handleMe],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const res = await handler(
          post(path, body(rand), cookie(rand, session)),
          context(database, undefined, `10.0.${i % 250}.${i % 7}`),
        );
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `body #${i} to ${path}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  }, 120_000);
});

describe.each(drivers)('fuzzing the API tokens and the public API on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** Header values travel as bytes: anything outside printable Latin-1 becomes '?'. */
  const header = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  // Well-formed, so it can be put in an address at all; lone surrogates are tried in bodies.
  const junk = (rand: () => number) => String(value(rand)).slice(0, 300).toWellFormed();
  /** A query string of real and made-up parameters holding odd values. */
  function query(rand: () => number): string {
    const params = new URLSearchParams();
    for (const key of ['from', 'to', 'projectId', 'memberId', 'cursor', 'limit', 'extra'])
      if (rand() > 0.5) params.append(key, junk(rand));
    if (rand() > 0.9) params.append('limit', '5');
    return params.size ? `?${params.toString()}` : '';
  }

  it('answers 1,000 malformed requests per endpoint with JSON 4xx, never 5xx', async () => {
    const rand = random(20261129);
    const ada = await signUp(database, { name: 'Ada', email: 'ada.fuzz50@example.com' });
    const token = (await makeToken(database, ada, 'write')).token;
    const authorization = () => {
      switch (Math.floor(rand() * 5)) {
        case 0:
          return `Bearer ${token}`;
        case 1:
          return `Bearer hm_${header(junk(rand))}`;
        case 2:
          return header(junk(rand));
        case 3:
          return `Basic ${header(junk(rand))}`;
        default:
          return '';
      }
    };
    const requests: [string, (i: number) => Request, typeof handleTokens][] = [
      ['POST /api/tokens', () => post('/api/tokens', body(rand), ada.cookie), handleCreateToken],
      [
        'POST /api/tokens (fields)',
        () =>
          post(
            '/api/tokens',
            JSON.stringify({
              workspaceId: rand() > 0.5 ? ada.workspace.id : value(rand),
              name: value(rand),
              scope: rand() > 0.5 ? 'read' : value(rand),
              ...(rand() > 0.5 ? { expiresAt: value(rand) } : {}),
            }),
            ada.cookie,
          ),
        handleCreateToken,
      ],
      [
        'DELETE /api/tokens/{id}',
        () =>
          new Request(`https://hourmark.test/api/tokens/${encodeURIComponent(junk(rand)) || 'x'}`, {
            method: 'DELETE',
            headers: { cookie: ada.cookie },
          }),
        handleRevokeToken,
      ],
      ...(
        [
          ['GET /api/v1/me', '/api/v1/me', handlePublicMe],
          ['GET /api/v1/time-entries', '/api/v1/time-entries', handlePublicTimeEntries],
          ['GET /api/v1/timer', '/api/v1/timer', handlePublicTimer],
          ['GET /api/v1/openapi.json', '/api/v1/openapi.json', handleOpenApiDocument],
          ['GET /api/v1/clients', '/api/v1/clients', handlePublicClients],
          ['GET /api/v1/projects', '/api/v1/projects', handlePublicProjects],
          ['GET /api/v1/tasks', '/api/v1/tasks', handlePublicTasks],
          ['GET /api/v1/members', '/api/v1/members', handlePublicMembers],
        ] as const
      ).map(
        ([name, path, handler]) =>
          [
            name,
            () => {
              const auth = authorization();
              return new Request(`https://hourmark.test${path}${query(rand)}`, {
                headers: {
                  ...(auth ? { authorization: auth } : {}),
                  ...(rand() > 0.9 ? { cookie: ada.cookie } : {}),
                },
              });
            },
            handler,
          ] as [string, (i: number) => Request, typeof handleTokens],
      ),
      [
        'POST /api/v1/time-entries',
        () =>
          new Request('https://hourmark.test/api/v1/time-entries', {
            method: 'POST',
            headers: {
              authorization: rand() > 0.2 ? `Bearer ${token}` : authorization(),
              ...(rand() > 0.5 ? { 'idempotency-key': header(junk(rand)).slice(0, 300) } : {}),
            },
            body:
              rand() > 0.5
                ? body(rand)
                : JSON.stringify({
                    date: rand() > 0.5 ? '2026-11-20' : value(rand),
                    durationSeconds: rand() > 0.5 ? 60 : value(rand),
                    ...(rand() > 0.5 ? { [String(value(rand)).slice(0, 20)]: value(rand) } : {}),
                    ...(rand() > 0.5 ? { projectId: value(rand) } : {}),
                  }),
          }),
        handlePublicCreateEntry,
      ],
      ...(
        [
          ['start', handlePublicStartTimer],
          ['stop', handlePublicStopTimer],
        ] as const
      ).map(
        ([action, handler]) =>
          [
            `POST /api/v1/timer/${action}`,
            () =>
              new Request(`https://hourmark.test/api/v1/timer/${action}${query(rand)}`, {
                method: 'POST',
                headers: {
                  authorization: rand() > 0.2 ? `Bearer ${token}` : authorization(),
                  ...(rand() > 0.5 ? { 'idempotency-key': header(junk(rand)).slice(0, 300) } : {}),
                },
                ...(rand() > 0.3
                  ? {
                      body:
                        rand() > 0.5
                          ? body(rand)
                          : JSON.stringify({
                              ...(rand() > 0.5 ? { description: value(rand) } : {}),
                              ...(rand() > 0.5 ? { projectId: value(rand) } : {}),
                              ...(rand() > 0.7 ? { memberId: value(rand) } : {}),
                              ...(rand() > 0.7 ? { tags: value(rand) } : {}),
                            }),
                    }
                  : {}),
              }),
            handler,
          ] as [string, (i: number) => Request, typeof handleTokens],
      ),
      ...(
        [
          ['PATCH', handlePublicUpdateEntry],
          ['DELETE', handlePublicDeleteEntry],
        ] as const
      ).map(
        ([method, handler]) =>
          [
            `${method} /api/v1/time-entries/{id}`,
            () =>
              new Request(
                `https://hourmark.test/api/v1/time-entries/${encodeURIComponent(junk(rand)) || 'x'}`,
                {
                  method,
                  headers: {
                    authorization: rand() > 0.2 ? `Bearer ${token}` : authorization(),
                    ...(rand() > 0.3 ? { 'if-match': header(junk(rand)) || '"1"' } : {}),
                  },
                  ...(method === 'PATCH' ? { body: body(rand) } : {}),
                },
              ),
            handler,
          ] as [string, (i: number) => Request, typeof handleTokens],
      ),
      ...(
        [
          ['clients', handlePublicClient],
          ['projects', handlePublicProject],
          ['tasks', handlePublicTask],
          ['members', handlePublicMember],
        ] as const
      ).map(
        ([kinds, handler]) =>
          [
            `GET /api/v1/${kinds}/{id}`,
            () =>
              new Request(
                `https://hourmark.test/api/v1/${kinds}/${encodeURIComponent(junk(rand)) || 'x'}${query(rand)}`,
                { headers: { authorization: authorization() } },
              ),
            handler,
          ] as [string, (i: number) => Request, typeof handleTokens],
      ),
      [
        'GET /api/v1/time-entries/{id}',
        () =>
          new Request(
            `https://hourmark.test/api/v1/time-entries/${encodeURIComponent(junk(rand)) || 'x'}${query(rand)}`,
            { headers: { authorization: authorization() } },
          ),
        handlePublicTimeEntry,
      ],
    ];
    for (const [name, request, handler] of requests) {
      for (let i = 0; i < 1000; i += 1) {
        const res = await handler(request(i), context(database, undefined, `10.1.${i % 250}.9`));
        expect(res.status, `request #${i} to ${name}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    // The 1,000 requests to make tokens made some; each still listed without its secret.
    const listed = await handleTokens(
      new Request('https://hourmark.test/api/tokens', { headers: { cookie: ada.cookie } }),
      context(database),
    );
    expect(await listed.text()).not.toContain(token);
  }, 300_000);
});
