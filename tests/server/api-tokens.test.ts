import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDelete } from '../../src/server/api/handlers';
import { handlePublicMe } from '../../src/server/api/public-api-handlers';
import {
  handleCreateToken,
  handleRevokeToken,
  handleTokens,
} from '../../src/server/api/token-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { deleteWith, makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock, get, post } from './support';
import { joinWorkspace, pusher, signUp, teamMember, type SignedUp } from './workspace-support';

// Personal access tokens (issue 50): made, listed and revoked on Account setting; a token acts
// as its person in one workspace with the role they hold at each request.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(drivers)('personal access tokens on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  let nik: SignedUp;
  const ctx = () => context(database, clock);
  // joinWorkspace answers with the person's own workspace; their tokens here are for Ada's.
  const inAda = (who: SignedUp): SignedUp => ({ ...who, workspace: ada.workspace });
  const me = (token: string, headers: Record<string, string> = {}) =>
    handlePublicMe(withToken('/api/v1/me', token, { headers }), ctx());
  const list = async (who: SignedUp) => {
    const res = await handleTokens(get('/api/tokens', who.cookie), ctx());
    expect(res.status).toBe(200);
    return { text: await res.clone().text(), body: (await res.json()) as { tokens: unknown[] } };
  };

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.tokens@example.com' }, clock);
    nik = inAda(
      await joinWorkspace(
        database,
        ada.workspace.id,
        { name: 'Nik', email: 'nik.tokens@example.com' },
        'Normal',
        'm-nik',
        clock,
      ),
    );
  });
  afterAll(async () => drop());

  it('shows the secret once, lists the token without it, and keeps only its SHA-256', async () => {
    const made = await makeToken(database, ada, 'read', clock, { name: 'Invoice sync' });
    expect(made.token).toMatch(/^hm_[A-Za-z0-9_-]{43}$/);

    const { text, body } = await list(ada);
    expect(text).not.toContain(made.token);
    expect(text).not.toContain(made.token.slice(3));
    expect(body.tokens).toEqual([
      {
        id: made.id,
        workspaceId: ada.workspace.id,
        name: 'Invoice sync',
        scope: 'read',
        createdAt: '2026-11-22T10:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    // Nik's list does not show Ada's token.
    expect((await list(nik)).body.tokens).toEqual([]);

    const result: unknown = await database.db.execute(
      sql`SELECT * FROM api_tokens WHERE id = ${made.id}`,
    );
    const [row] = (result as { rows: Record<string, unknown>[] }).rows;
    expect(row?.['secret_hash']).toBe(sha256(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(3));
  });

  it('acts as its person with their role, and writes last used at most once a minute', async () => {
    const made = await makeToken(database, nik, 'read', clock);
    const res = await me(made.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { person: { id: string }; workspace: { name: string } };
    expect(body).toEqual({
      person: { id: body.person.id, name: 'Nik', email: 'nik.tokens@example.com' },
      role: 'Normal',
      memberId: 'm-nik',
      scope: 'read',
      // Ada's workspace, in India's currency until invoices name another.
      workspace: {
        id: ada.workspace.id,
        name: body.workspace.name,
        currency: 'INR',
        timeZone: 'UTC',
      },
    });
    expect(body.workspace.name).toBe(ada.workspace.name);
    const lastUsed = async () =>
      ((await list(nik)).body.tokens[0] as { lastUsedAt: string | null }).lastUsedAt;
    expect(await lastUsed()).toBe('2026-11-22T10:00:00.000Z');
    clock.advance(59_000);
    await me(made.token);
    expect(await lastUsed()).toBe('2026-11-22T10:00:00.000Z');
    clock.advance(1_000);
    await me(made.token);
    expect(await lastUsed()).toBe('2026-11-22T10:01:00.000Z');

    // A role change applies to the next request.
    await database.db.execute(
      sql`UPDATE memberships SET role = 'Manager' WHERE member_id = 'm-nik'`,
    );
    expect(((await (await me(made.token)).json()) as { role: string }).role).toBe('Manager');
    await database.db.execute(
      sql`UPDATE memberships SET role = 'Normal' WHERE member_id = 'm-nik'`,
    );
  });

  it('stops a revoked token at the next request, with WWW-Authenticate: Bearer', async () => {
    const made = await makeToken(database, ada, 'write', clock);
    expect((await me(made.token)).status).toBe(200);
    // Someone else cannot revoke it.
    expect(
      (await handleRevokeToken(deleteWith(`/api/tokens/${made.id}`, nik.cookie), ctx())).status,
    ).toBe(404);
    const revoked = await handleRevokeToken(
      deleteWith(`/api/tokens/${made.id}`, ada.cookie),
      ctx(),
    );
    expect(revoked.status).toBe(204);
    const res = await me(made.token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="Hourmark API", error="invalid_token"',
    );
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
    expect((await list(ada)).text).not.toContain(made.id);
    // Revoked twice: nothing left to revoke.
    expect(
      (await handleRevokeToken(deleteWith(`/api/tokens/${made.id}`, ada.cookie), ctx())).status,
    ).toBe(404);
  });

  it('stops a token when it expires', async () => {
    const made = await makeToken(database, ada, 'read', clock, {
      expiresAt: '2026-11-22T12:30:00+02:00',
    });
    // 12:30 at +02:00 is 10:30 UTC.
    expect(
      ((await list(ada)).body.tokens as { id: string; expiresAt: string }[]).find(
        (t) => t.id === made.id,
      )?.expiresAt,
    ).toBe('2026-11-22T10:30:00.000Z');
    expect((await me(made.token)).status).toBe(200);
    clock.advance(30 * 60_000);
    expect((await me(made.token)).status).toBe(401);
  });

  it('stops a token when its person leaves the workspace, or deletes their account', async () => {
    const lea = inAda(
      await joinWorkspace(
        database,
        ada.workspace.id,
        { name: 'Lea', email: 'lea.tokens@example.com' },
        'Normal',
        'm-lea',
        clock,
      ),
    );
    const made = await makeToken(database, lea, 'read', clock);
    expect((await me(made.token)).status).toBe(200);
    await database.db.execute(
      sql`UPDATE memberships SET archived = true WHERE member_id = 'm-lea'`,
    );
    expect((await me(made.token)).status).toBe(401);

    const own = await makeToken(database, nik, 'read', clock);
    expect((await me(own.token)).status).toBe(200);
    const gone = await handleDelete(
      post('/user/delete', { password: 'a good password' }, nik.cookie),
      ctx(),
    );
    expect(gone.status).toBe(204);
    expect((await me(own.token)).status).toBe(401);
  });

  it('keeps a token dead when its person is taken out of the workspace and let back in', async () => {
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', { id: 'm-kai', fields: teamMember('Kai', 'Normal') });
    const kai = inAda(
      await joinWorkspace(
        database,
        ada.workspace.id,
        { name: 'Kai', email: 'kai.tokens@example.com' },
        'Normal',
        'm-kai',
        clock,
      ),
    );
    const made = await makeToken(database, kai, 'read', clock);
    expect((await me(made.token)).status).toBe(200);
    await push.ok(ada, 'updateMember', { id: 'm-kai', changes: { status: 'Archived' } });
    expect((await me(made.token)).status).toBe(401);
    await push.ok(ada, 'updateMember', { id: 'm-kai', changes: { status: 'Active' } });
    expect((await me(made.token)).status).toBe(401);
    // A token made after coming back works.
    expect((await me((await makeToken(database, kai, 'read', clock)).token)).status).toBe(200);
  });

  it('refuses a request without a token, with a malformed one, and with a cookie as well', async () => {
    const none = await handlePublicMe(get('/api/v1/me'), ctx());
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Hourmark API"');
    // A session cookie is not a way in to the public API.
    expect((await handlePublicMe(get('/api/v1/me', ada.cookie), ctx())).status).toBe(401);
    expect((await me('hm_short')).status).toBe(401);
    const made = await makeToken(database, ada, 'read', clock);
    const both = await me(made.token, { cookie: ada.cookie });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: 'two_credentials' });
  });

  it('refuses a bad token request beside its fields', async () => {
    const make = (body: unknown, cookie = ada.cookie) =>
      handleCreateToken(post('/api/tokens', body, cookie), ctx());
    const res = await make({ workspaceId: ada.workspace.id, name: ' ', scope: 'admin' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fields: { name: 'Name the token', scope: 'Choose read-only or read and write' },
    });
    const past = await make({
      workspaceId: ada.workspace.id,
      name: 'Old',
      scope: 'read',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(await past.json()).toMatchObject({
      fields: { expiresAt: 'Choose a time in the future' },
    });
    const stranger = await signUp(
      database,
      { name: 'Sam', email: 'sam.tokens@example.com' },
      clock,
    );
    const elsewhere = await make(
      { workspaceId: ada.workspace.id, name: 'Sneaky', scope: 'read' },
      stranger.cookie,
    );
    expect(elsewhere.status).toBe(403);
    expect(
      (await make({ workspaceId: ada.workspace.id, name: 'x', scope: 'read' }, '')).status,
    ).toBe(401);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'a revocation through one server process stops the token on another at its next request',
    async () => {
      // A second process's own connection pool on the same database: nothing in memory shared.
      const other = await openDatabase({ url });
      try {
        const made = await makeToken(database, ada, 'read', clock);
        const onOther = () =>
          handlePublicMe(withToken('/api/v1/me', made.token), context(other, clock));
        expect((await onOther()).status).toBe(200);
        expect(
          (await handleRevokeToken(deleteWith(`/api/tokens/${made.id}`, ada.cookie), ctx())).status,
        ).toBe(204);
        expect((await onOther()).status).toBe(401);
      } finally {
        await other.close();
      }
    },
  );
});
