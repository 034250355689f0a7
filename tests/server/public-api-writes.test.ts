import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicCreateEntry,
  handlePublicDeleteEntry,
  handlePublicTimeEntry,
  handlePublicUpdateEntry,
} from '../../src/server/api/public-api-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  type SignedUp,
} from './workspace-support';

// The public API's writes of time entries (issue 50): each runs the catalog's command through
// the push's path (one policy), a create takes an Idempotency-Key, and an update or a delete
// needs If-Match with the entry's current ETag.

interface Entry {
  id: string;
  [field: string]: unknown;
}

describe.each(drivers)('public API writes on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  let write = '';
  let read = '';
  const ctx = () => context(database, clock);
  const create = (body: unknown, headers: Record<string, string> = {}, token = write) =>
    handlePublicCreateEntry(
      withToken('/api/v1/time-entries', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      ctx(),
    );
  const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    handlePublicUpdateEntry(
      withToken(`/api/v1/time-entries/${id}`, write, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      ctx(),
    );
  const remove = (id: string, headers: Record<string, string> = {}) =>
    handlePublicDeleteEntry(
      withToken(`/api/v1/time-entries/${id}`, write, { method: 'DELETE', headers }),
      ctx(),
    );
  const fetchEntry = (id: string) =>
    handlePublicTimeEntry(withToken(`/api/v1/time-entries/${id}`, write), ctx());
  const count = async () => {
    const result: unknown = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM time_logs WHERE workspace_id = ${ada.workspace.id} AND NOT deleted`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.writes@example.com' }, clock);
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await push.ok(ada, 'createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', null), memberIds: ['m-norm', 'm-other'] },
    });
    const nik = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Nik', email: 'nik@agency.test' },
      'Normal',
      'm-norm',
      clock,
    );
    const inAda = { ...nik, workspace: ada.workspace };
    write = (await makeToken(database, inAda, 'write', clock)).token;
    read = (await makeToken(database, inAda, 'read', clock)).token;
  });
  afterAll(async () => drop());

  it('adds an entry from a date and a duration, as the person, with its ETag', async () => {
    const res = await create({ date: '2026-11-21', durationSeconds: 1800 });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Entry };
    expect(data).toMatchObject({
      date: '2026-11-21',
      durationSeconds: 1800,
      startTime: null,
      endTime: null,
      memberId: 'm-norm',
      projectId: null,
      status: 'approved',
      expensesMinor: 0,
    });
    expect(res.headers.get('location')).toBe(`/api/v1/time-entries/${data.id}`);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    expect((await fetchEntry(data.id)).headers.get('etag')).toBe(etag);
  });

  it('refuses a read-only token, a bad field and what the role may not do', async () => {
    const before = await count();
    const readOnly = await create({ date: '2026-11-21', durationSeconds: 60 }, {}, read);
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toMatchObject({ error: 'insufficient_scope' });
    const bad = await create({ date: 'someday' });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields).sort()).toEqual([
      'date',
      'durationSeconds',
    ]);
    // A team member adds only their own time: the policy the push asks says no.
    const forOlu = await create({ date: '2026-11-21', durationSeconds: 60, memberId: 'm-other' });
    expect(forOlu.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('answers a retried create with its first answer, and refuses the key for another body', async () => {
    const before = await count();
    const key = { 'Idempotency-Key': 'b6f1c0de-retry-1' };
    const body = { date: '2026-11-22', durationSeconds: 3600, description: 'Retry me' };
    const first = await create(body, key);
    expect(first.status).toBe(201);
    const firstBody: unknown = await first.json();
    // The answer was lost on the way: the script sends the same request again.
    const again = await create(body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await count()).toBe(before + 1);

    const other = await create({ ...body, durationSeconds: 60 }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: 'idempotency_key_reused' });
    // A day later the key is free again.
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await create({ ...body, durationSeconds: 60 }, key)).status).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it('changes and deletes only with the current ETag: a stale change never overwrites', async () => {
    const made = await create({ date: '2026-11-23', durationSeconds: 900 });
    const { data } = (await made.json()) as { data: Entry };
    const first = made.headers.get('etag') ?? '';

    expect((await patch(data.id, { description: 'No tag' })).status).toBe(428);
    const changed = await patch(data.id, { description: 'Mine' }, { 'If-Match': first });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: Entry }).data.description).toBe('Mine');
    const second = changed.headers.get('etag') ?? '';
    expect(second).not.toBe(first);

    // Another script still holds the first tag.
    const stale = await patch(data.id, { description: 'Theirs' }, { 'If-Match': first });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(second);
    const now = (await (await fetchEntry(data.id)).json()) as { data: Entry };
    expect(now.data.description).toBe('Mine');

    expect((await remove(data.id)).status).toBe(428);
    expect((await remove(data.id, { 'If-Match': first })).status).toBe(412);
    expect((await remove(data.id, { 'If-Match': second })).status).toBe(204);
    expect((await fetchEntry(data.id)).status).toBe(404);
    expect((await remove(data.id, { 'If-Match': second })).status).toBe(404);
  });
});
