import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicCreateEntry,
  handlePublicDeleteEntry,
  handlePublicTimeEntries,
  handlePublicTimeEntry,
  handlePublicUpdateEntry,
} from '../../src/server/api/public-api-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Issue 50 (Kimai's pages repeat timesheets when entries change between pages, kimai/kimai
// #4881): a script walks 10,000 entries page by page while other people add entries, move
// entries to other days (which would move them in a list ordered by date), and delete entries
// between its pages, through the API and behind its back. Every entry that existed for the whole
// walk comes exactly once, nothing comes twice, and every entry added through the API during the
// walk comes too (it was made after every entry already listed).

interface Page {
  data: { id: string; date: string }[];
  nextCursor: string | null;
}

const TOTAL = 10_000;
const name = (n: number) => `g-${String(n).padStart(5, '0')}`;

describe.each(drivers)('paging 10,000 public API entries on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let pat: SignedUp;
  let token = '';
  const ctx = () => context(database, clock);
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    pat = await signUp(database, { name: 'Pat', email: 'pat.paging@example.com' }, clock);
    token = (await makeToken(database, pat, 'write', clock)).token;
    // One entry made through the API is the template of 10,000 made in one statement, four to
    // each creation time (so the id breaks ties), on days spread over 2026.
    const made = await handlePublicCreateEntry(
      withToken('/api/v1/time-entries', token, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ date: '2026-01-01', durationSeconds: 60 }),
      }),
      ctx(),
    );
    expect(made.status).toBe(201);
    const template = ((await made.json()) as { data: { id: string } }).data.id;
    const w = pat.workspace.id;
    await database.db.execute(sql`
      INSERT INTO time_logs (workspace_id, id, data, version, deleted, created_at, updated_at,
        date, project_id, task_id, member_id, seconds, expense_minor, billable_seconds,
        billable_minor, cost_minor, amounts_stale)
      SELECT t.workspace_id, 'g-' || lpad(i::text, 5, '0'),
        t.data || jsonb_build_object('date', to_char(DATE '2026-01-01' + i % 360, 'YYYY-MM-DD')),
        t.version, false, TIMESTAMPTZ '2026-01-01 00:00:00Z' + (i / 4) * INTERVAL '1 second',
        t.updated_at, DATE '2026-01-01' + i % 360, t.project_id, t.task_id, t.member_id,
        t.seconds, t.expense_minor, t.billable_seconds, t.billable_minor, t.cost_minor,
        t.amounts_stale
      FROM time_logs t, generate_series(1, ${TOTAL}) AS i
      WHERE t.workspace_id = ${w} AND t.id = ${template}`);
    await database.db.execute(
      sql`UPDATE time_logs SET deleted = true WHERE workspace_id = ${w} AND id = ${template}`,
    );
  }, 120_000);
  afterAll(async () => drop());

  const etagOf = async (id: string) =>
    (
      await handlePublicTimeEntry(withToken(`/api/v1/time-entries/${id}`, token), ctx())
    ).headers.get('ETag') ?? '';

  it('gives each of 10,000 entries once while entries are added, moved and deleted between pages', async () => {
    const w = pat.workspace.id;
    const seen = new Map<string, number>();
    const deleted = new Set<string>();
    const addedByApi: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await handlePublicTimeEntries(
        withToken(`/api/v1/time-entries?limit=500${cursor ? `&cursor=${cursor}` : ''}`, token),
        ctx(),
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as Page;
      for (const entry of body.data) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1);
      cursor = body.nextCursor;
      pages += 1;
      if (cursor === null) break;
      // A second between pages, as a script's pages come.
      clock.advance(1_000);

      // Through the API: one entry moved to a day months away (before or after its own), one
      // deleted, one added.
      let pick = pages * 7_919;
      while (deleted.has(name((pick % TOTAL) + 1))) pick += 1;
      const moved = name((pick % TOTAL) + 1);
      const patched = await handlePublicUpdateEntry(
        withToken(`/api/v1/time-entries/${moved}`, token, {
          method: 'PATCH',
          headers: { ...json, 'if-match': await etagOf(moved) },
          body: JSON.stringify({
            date: pages % 2 === 0 ? '2025-12-01' : '2026-12-28',
            description: 'Moved between pages',
          }),
        }),
        ctx(),
      );
      expect(patched.status).toBe(200);
      const gone = name(((pages * 4_001 + 13) % TOTAL) + 1);
      if (!deleted.has(gone) && gone !== moved) {
        const res = await handlePublicDeleteEntry(
          withToken(`/api/v1/time-entries/${gone}`, token, {
            method: 'DELETE',
            headers: { 'if-match': await etagOf(gone) },
          }),
          ctx(),
        );
        expect(res.status).toBe(204);
        deleted.add(gone);
      }
      const added = await handlePublicCreateEntry(
        withToken('/api/v1/time-entries', token, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ date: '2026-06-15', durationSeconds: 900 }),
        }),
        ctx(),
      );
      expect(added.status).toBe(201);
      addedByApi.push(((await added.json()) as { data: { id: string } }).data.id);

      // Behind its back, in bulk: 20 deleted, 20 moved to other days, and 5 added by a device
      // that was offline, said to be made long ago (they may come or not, but never twice).
      const start = (pages * 397) % TOTAL;
      const some = (offset: number) =>
        Array.from({ length: 20 }, (_, k) => name(((start + offset + k * 491) % TOTAL) + 1));
      const dropped = some(0).filter((id) => id !== moved);
      for (const id of dropped) deleted.add(id);
      await database.db.execute(
        sql`UPDATE time_logs SET deleted = true WHERE workspace_id = ${w} AND id IN (${sql.join(
          dropped.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await database.db.execute(
        sql`UPDATE time_logs SET date = date - 200, updated_at = now() WHERE workspace_id = ${w} AND id IN (${sql.join(
          some(5_000).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await database.db.execute(sql`
        INSERT INTO time_logs (workspace_id, id, data, version, deleted, created_at, updated_at,
          date, member_id, seconds, expense_minor)
        SELECT workspace_id, 'offline-' || ${pages}::text || '-' || k, data, version, false,
          TIMESTAMPTZ '2025-06-01 00:00:00Z', now(), date, member_id, seconds, expense_minor
        FROM time_logs, generate_series(1, 5) AS k
        WHERE workspace_id = ${w} AND id = 'g-00001'`);
    } while (cursor !== null);

    expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
    const originals = Array.from({ length: TOTAL }, (_, i) => name(i + 1));
    expect(originals.filter((id) => !deleted.has(id) && !seen.has(id))).toEqual([]);
    expect(addedByApi.filter((id) => seen.get(id) !== 1)).toEqual([]);
    // The walk really churned: 19 pages or more, each followed by 21 deletions and 21 moves.
    expect(pages).toBeGreaterThanOrEqual(19);
    expect(deleted.size).toBeGreaterThan(350);
  }, 300_000);
});
