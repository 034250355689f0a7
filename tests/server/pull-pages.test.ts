import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { recomputeLogAmounts } from '../../src/server/sync/amounts';
import { createPageCache, pageCacheOf, type PageOfChanges } from '../../src/server/sync/page-cache';
import { pullGate } from '../../src/server/sync/pull-gate';
import { context, drivers, get } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// A team reconnecting at once asks for the same first page hundreds of times (issue 34): a page
// read for the same rows and the same redaction is kept and sent again, and never once a row of
// it has changed, nor to someone who may see less of the same rows.

const pageOf = (text: string): PageOfChanges => ({
  changes: Buffer.from(text),
  count: 1,
  last: { version: 1, kind: 'client', id: text },
});

/** Runs `steps` while another pull holds a slot of the process's gate, as when a team reconnects. */
async function whileOthersPull<T>(steps: () => Promise<T>): Promise<T> {
  let release = () => {};
  const other = pullGate.enter(() => new Promise<void>((resolve) => (release = resolve)));
  try {
    return await steps();
  } finally {
    release();
    await other;
  }
}

describe('the cache of pages', () => {
  it('keeps a page only once it has been asked for twice', async () => {
    const cache = createPageCache();
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve({ page: pageOf('a'), keep: true });
    };
    await cache.page('k', read);
    expect(cache.stats()).toMatchObject({ pages: 0, reads: 1 });
    await cache.page('k', read);
    expect(cache.stats()).toMatchObject({ pages: 1, reads: 2 });
    expect((await cache.page('k', read)).changes.toString()).toBe('a');
    expect(reads).toBe(2);
    expect(cache.stats().hits).toBe(1);
  });

  it('reads a page asked for by several at the same moment once, and keeps it', async () => {
    const cache = createPageCache();
    let reads = 0;
    let finish: () => void = () => {};
    const read = () => {
      reads += 1;
      return new Promise<{ page: PageOfChanges; keep: boolean }>(
        (resolve) => (finish = () => resolve({ page: pageOf('same'), keep: true })),
      );
    };
    const asked = [cache.page('k', read), cache.page('k', read), cache.page('k', read)];
    finish();
    const pages = await Promise.all(asked);
    expect(pages.map((p) => p.changes.toString())).toEqual(['same', 'same', 'same']);
    expect(reads).toBe(1);
    expect(cache.stats().pages).toBe(1);
  });

  it('keeps a page read without asking first once it has been read twice', async () => {
    const cache = createPageCache();
    cache.offer('k', pageOf('alone'));
    expect(cache.stats().pages).toBe(0);
    cache.offer('k', pageOf('alone'));
    expect(cache.stats().pages).toBe(1);
    let read = false;
    const page = await cache.page('k', () => {
      read = true;
      return Promise.resolve({ page: pageOf('other'), keep: true });
    });
    expect(read).toBe(false);
    expect(page.changes.toString()).toBe('alone');
  });

  it('does not keep a page its reader says is not the one asked for', async () => {
    const cache = createPageCache();
    const read = () => Promise.resolve({ page: pageOf('newer'), keep: false });
    await cache.page('k', read);
    await cache.page('k', read);
    expect(cache.stats().pages).toBe(0);
  });

  it('drops the oldest pages past its budget', async () => {
    // Pages of 4 bytes in a budget of 10: two fit.
    const cache = createPageCache(10);
    for (const key of ['a', 'b', 'c'])
      for (let ask = 0; ask < 2; ask += 1)
        await cache.page(key, () => Promise.resolve({ page: pageOf(key.repeat(4)), keep: true }));
    expect(cache.stats()).toMatchObject({ pages: 2, bytes: 8 });
    let read = false;
    await cache.page('a', () => {
      read = true;
      return Promise.resolve({ page: pageOf('aaaa'), keep: true });
    });
    expect(read).toBe(true);
  });
});

interface PulledRow {
  kind: string;
  id: string;
  data: Record<string, unknown> | null;
}

describe.each(drivers)('pages of first pulls on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  let kai: SignedUp;
  let lee: SignedUp;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
  );
  const client = { ...clientFields('Acme Ltd'), email: 'billing@acme.test' };
  const log = { ...timeLogFields('2026-11-20', 'p-web', 5400), memberId: 'm-kai' };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.pages@example.com' });
    await ok(admin, 'createClient', { id: 'c-acme', fields: client });
    for (const [id, name] of [
      ['m-kai', 'Kai'],
      ['m-lee', 'Lee'],
    ] as const)
      await ok(admin, 'createMember', {
        id,
        fields: { ...teamMember(name, 'Manager'), notes: `${name} is away in December` },
      });
    // The Admin's own team-member record is on the project too, so both Managers see every row
    // the Admin sees: the same rows, and only the redaction tells their pages apart.
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: {
        ...projectFields('Website', 'c-acme'),
        memberIds: [admin.workspace.memberId, 'm-kai', 'm-lee'],
      },
    });
    await ok(admin, 'addTimeLog', { id: 'l-one', fields: log });
    kai = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Kai', email: 'kai.pages@example.com' },
      'Manager',
      'm-kai',
    );
    lee = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Lee', email: 'lee.pages@example.com' },
      'Manager',
      'm-lee',
    );
  });
  afterAll(async () => drop());

  const firstPull = async (who: SignedUp) => {
    const res = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, who.cookie),
      context(database),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changes: PulledRow[]; access: { memberId: string } };
    return { ...body, rows: new Map(body.changes.map((c) => [`${c.kind}:${c.id}`, c])) };
  };

  const stats = () => pageCacheOf(database.db).stats();

  it('reads the page two Managers share once it has been asked for twice, and sends it to both', async () => {
    const before = stats();
    const { kais, lees, again } = await whileOthersPull(async () => ({
      kais: await firstPull(kai),
      lees: await firstPull(lee),
      again: await firstPull(kai),
    }));
    const after = stats();
    // Read for Kai, read again and kept for Lee, sent as kept to Kai.
    expect(after.reads - before.reads).toBe(2);
    expect(after.hits - before.hits).toBe(1);
    expect(lees.changes).toEqual(kais.changes);
    expect(again.changes).toEqual(kais.changes);
    expect([kais.access.memberId, lees.access.memberId]).toEqual(['m-kai', 'm-lee']);
    expect(kais.rows.get('timeLog:l-one')?.data).toEqual(log);
  });

  it('reads a page at once when no one else is pulling, and keeps it for those who ask next', async () => {
    await ok(admin, 'updateTimeLog', { id: 'l-one', changes: { dur: 7200 } });
    const before = stats();
    // Alone: read at once (no hit), and kept once read a second time.
    await firstPull(kai);
    await firstPull(lee);
    expect(stats().hits - before.hits).toBe(0);
    expect(stats().reads - before.reads).toBe(2);
    const busy = await whileOthersPull(() => firstPull(kai));
    expect(stats().hits - before.hits).toBe(1);
    expect(stats().reads - before.reads).toBe(2);
    expect(busy.rows.get('timeLog:l-one')?.data?.['dur']).toBe(7200);
  });

  it('sends the row as it is now once it has changed, not the page kept before', async () => {
    await firstPull(kai);
    await firstPull(kai);
    await ok(admin, 'updateTimeLog', { id: 'l-one', changes: { desc: '<p>Launch checklist</p>' } });
    const now = await whileOthersPull(() => firstPull(lee));
    expect(now.rows.get('timeLog:l-one')?.data?.['desc']).toBe('<p>Launch checklist</p>');
  });

  it('does not send an Admin’s page of the same rows to a Manager, who may not see client details', async () => {
    const admins = await firstPull(admin);
    await firstPull(admin);
    const kais = await whileOthersPull(() => firstPull(kai));
    expect([...admins.rows.keys()].sort()).toEqual([...kais.rows.keys()].sort());
    expect(admins.rows.get('client:c-acme')?.data?.['email']).toBe('billing@acme.test');
    expect(kais.rows.get('client:c-acme')?.data?.['email']).toBe('');
    expect(kais.rows.get('member:m-lee')?.data?.['notes']).toBe('');
  });

  it('sends an invoiced log with its frozen figures once they are worked out, though its version stays', async () => {
    // An invoice issued before the log's money was first worked out: the figures are written
    // later without a new version (frozen-amounts.ts).
    await database.db.execute(
      sql`UPDATE time_logs SET data = data || '{"invoice": "INV-7"}'::jsonb, amounts_stale = true WHERE id = 'l-one'`,
    );
    const before = await firstPull(admin);
    await firstPull(admin);
    expect(before.rows.get('timeLog:l-one')?.data).not.toHaveProperty('billed');
    await recomputeLogAmounts(database.db, admin.workspace.id, { logId: 'l-one' });
    const after = await whileOthersPull(() => firstPull(admin));
    expect(after.rows.get('timeLog:l-one')?.data).toHaveProperty('billed');
  });
});
