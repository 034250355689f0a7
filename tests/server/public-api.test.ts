import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handlePublicTimeEntries,
  handlePublicTimeEntry,
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
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// The public API's time entries (issue 50): the rows and fields a token's person may see, under
// public names, with the conventions of docs/api.md "Public API", paged by a keyset that never
// repeats or skips an entry while others are added, edited and deleted.

interface Entry {
  id: string;
  [field: string]: unknown;
}
interface Page {
  data: Entry[];
  nextCursor: string | null;
}

describe.each(drivers)('public API time entries on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  const tokens: Record<'admin' | 'manager' | 'normal', string> = {
    admin: '',
    manager: '',
    normal: '',
  };
  const ctx = () => context(database, clock);
  const list = async (token: string, query = '') => {
    const res = await handlePublicTimeEntries(
      withToken(`/api/v1/time-entries${query}`, token),
      ctx(),
    );
    return { status: res.status, body: (await res.json()) as Page & { fields?: unknown } };
  };
  const ids = (page: Page) => page.data.map((entry) => entry.id).sort();

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.v1@example.com' }, clock);
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', {
      id: 'm-man',
      fields: { ...teamMember('Mira', 'Manager'), LoborRate: 400 },
    });
    await push.ok(ada, 'createMember', {
      id: 'm-norm',
      fields: { ...teamMember('Nik', 'Normal'), LoborRate: 400, BillableRate: 900 },
    });
    await push.ok(ada, 'createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p1',
      fields: {
        ...projectFields('Website', null),
        billable: 'project',
        billamount: 1000,
        rounding: 'false',
        memberIds: ['m-man', 'm-norm'],
      },
    });
    await push.ok(ada, 'createProject', { id: 'p2', fields: projectFields('Audit', null) });
    const log = (projectId: string, memberId: string, dur: number) => ({
      ...timeLogFields('2026-11-20', projectId, dur),
      memberId,
    });
    await push.ok(ada, 'addTimeLog', { id: 'l-norm', fields: log('p1', 'm-norm', 5400) });
    await push.ok(ada, 'addTimeLog', { id: 'l-other-p1', fields: log('p1', 'm-other', 1800) });
    await push.ok(ada, 'addTimeLog', { id: 'l-other-p2', fields: log('p2', 'm-other', 1800) });
    await push.ok(ada, 'addTimeLog', { id: 'l-man-p2', fields: log('p2', 'm-man', 1800) });
    await database.db.execute(
      sql`UPDATE workspaces SET time_zone = 'Asia/Kolkata' WHERE id = ${ada.workspace.id}`,
    );
    const mira = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Mira', email: 'mira@agency.test' },
      'Manager',
      'm-man',
      clock,
    );
    const nik = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Nik', email: 'nik@agency.test' },
      'Normal',
      'm-norm',
      clock,
    );
    tokens.admin = (await makeToken(database, ada, 'read', clock)).token;
    tokens.manager = (
      await makeToken(database, { ...mira, workspace: ada.workspace }, 'read', clock)
    ).token;
    tokens.normal = (
      await makeToken(database, { ...nik, workspace: ada.workspace }, 'read', clock)
    ).token;
  });
  afterAll(async () => drop());

  it("gives a Normal member's token only their own entries, with no amounts", async () => {
    const { status, body } = await list(tokens.normal);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          id: 'l-norm',
          date: '2026-11-20',
          startTime: '09:00',
          endTime: '10:30',
          // Kolkata keeps +05:30 all year.
          utcOffset: '+05:30',
          durationSeconds: 5400,
          billableSeconds: 5400,
          description: '<p>Design review</p>',
          tags: '',
          projectId: 'p1',
          taskId: null,
          memberId: 'm-norm',
          status: 'approved',
          reviewNote: '',
          billable: null,
          invoiceNumber: null,
          currency: 'INR',
          // ₹250.50 of expenses.
          expensesMinor: 25050,
          createdAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:00:00.000Z',
        },
      ],
      nextCursor: null,
    });
    const other = await handlePublicTimeEntry(
      withToken('/api/v1/time-entries/l-other-p1', tokens.normal),
      ctx(),
    );
    expect(other.status).toBe(404);
  });

  it("gives a Manager's token their projects' entries and their own, without amounts", async () => {
    const { body } = await list(tokens.manager);
    expect(ids(body)).toEqual(['l-man-p2', 'l-norm', 'l-other-p1']);
    expect(body.data.every((entry) => !('billableAmountMinor' in entry))).toBe(true);
    expect(body.data.every((entry) => !('costMinor' in entry))).toBe(true);
  });

  it("gives an Admin's token every entry with its amounts in minor units", async () => {
    const { body } = await list(tokens.admin, '?projectId=p1');
    expect(ids(body)).toEqual(['l-norm', 'l-other-p1']);
    const res = await handlePublicTimeEntry(
      withToken('/api/v1/time-entries/l-norm', tokens.admin),
      ctx(),
    );
    expect(res.status).toBe(200);
    // 1h30m at the project's ₹1,000 an hour = ₹1,500.00; cost 1.5 h × ₹400 = ₹600.00.
    expect(((await res.json()) as { data: Entry }).data).toMatchObject({
      id: 'l-norm',
      billableAmountMinor: 150000,
      costMinor: 60000,
      currency: 'INR',
    });
    expect(ids((await list(tokens.admin, '?memberId=m-other')).body)).toEqual([
      'l-other-p1',
      'l-other-p2',
    ]);
    expect((await list(tokens.admin, '?from=2026-11-21')).body.data).toEqual([]);
    expect((await list(tokens.admin, '?from=2026-11-20&to=2026-11-20')).body.data).toHaveLength(4);
  });

  it('refuses malformed queries beside the parameter', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=not-a-cursor', 'cursor'],
      ['?from=2026-02-30', 'from'],
      ['?workspace=x', 'workspace'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await list(tokens.admin, query);
      expect(status, query).toBe(400);
      expect(Object.keys(body.fields as object), query).toEqual([field]);
    }
  });

  it('pages through 3,000 entries edited, added and deleted between pages, each once', async () => {
    const pat = await signUp(database, { name: 'Pat', email: 'pat.v1@example.com' }, clock);
    const w = pat.workspace.id;
    // Three entries share each creation time, so the id breaks ties.
    await database.db.execute(sql`
      INSERT INTO time_logs (workspace_id, id, data, version, deleted, created_at, updated_at,
        date, member_id, seconds, expense_minor)
      SELECT ${w}, 'g-' || lpad(i::text, 5, '0'),
        jsonb_build_object('date', to_char(DATE '2026-01-01' + i % 300, 'YYYY-MM-DD'), 'dur', 60,
          'status', 'approved', 'memberId', ${pat.workspace.memberId}::text, 'desc', '', 'tags', ''),
        1, false, TIMESTAMPTZ '2026-01-01 00:00:00Z' + (i / 3) * INTERVAL '1 second',
        TIMESTAMPTZ '2026-01-01 00:00:00Z', DATE '2026-01-01' + i % 300,
        ${pat.workspace.memberId}, 60, 0
      FROM generate_series(1, 3000) AS i`);
    const token = (await makeToken(database, pat, 'read', clock)).token;
    const original = new Set(
      Array.from({ length: 3000 }, (_, i) => `g-${String(i + 1).padStart(5, '0')}`),
    );
    const seen = new Map<string, number>();
    const deleted = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let added = 0;
    do {
      const { status, body }: { status: number; body: Page } = await list(
        token,
        `?limit=250${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(status).toBe(200);
      for (const entry of body.data) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1);
      cursor = body.nextCursor;
      pages += 1;
      // Between pages: delete 7 entries (some seen, some not), move 7 to another date, and add
      // 5, two of them said to be made long ago (a device that was offline).
      for (let k = 0; k < 7; k += 1) {
        const n = ((pages * 397 + k * 1_013) % 3000) + 1;
        const id = `g-${String(n).padStart(5, '0')}`;
        deleted.add(id);
        await database.db.execute(
          sql`UPDATE time_logs SET deleted = true WHERE workspace_id = ${w} AND id = ${id}`,
        );
        const moved = `g-${String(((n + 1_500) % 3000) + 1).padStart(5, '0')}`;
        await database.db.execute(
          sql`UPDATE time_logs SET date = DATE '2025-12-31', data = data || '{"date":"2025-12-31"}'::jsonb, updated_at = now() WHERE workspace_id = ${w} AND id = ${moved}`,
        );
      }
      for (let k = 0; k < 5; k += 1) {
        added += 1;
        const made = k < 2 ? '2025-06-01 00:00:00Z' : '2026-11-22 10:00:00Z';
        await database.db.execute(sql`
          INSERT INTO time_logs (workspace_id, id, data, version, deleted, created_at, updated_at,
            date, member_id, seconds, expense_minor)
          VALUES (${w}, ${`new-${added}`}, ${JSON.stringify({ date: '2026-03-01', dur: 60, status: 'approved', memberId: pat.workspace.memberId })}::jsonb,
            2, false, ${made}::timestamptz, now(), '2026-03-01', ${pat.workspace.memberId}, 60, 0)`);
      }
    } while (cursor !== null);

    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    const missed = [...original].filter((id) => !deleted.has(id) && !seen.has(id));
    expect(missed).toEqual([]);
    // 3,000 at 250 a page, and the entries added after the start that sorted after the cursor.
    expect(pages).toBeGreaterThanOrEqual(12);
  }, 120_000);
});
