import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
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

// A pull's rows are written as JSON by the database, redacted there for the caller (issue 34:
// a team's first pulls after a restart). Each row must read as the record it stores, with only
// what the caller's role may not see emptied or left out, and timestamps as the browser's
// `Date.toISOString` writes them.

interface PulledRow {
  kind: string;
  id: string;
  version: number;
  deleted: boolean;
  data: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

describe.each(drivers)('the rows of a pull on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  let normal: SignedUp;

  const client = {
    ...clientFields('Acme Ltd'),
    contactPerson: 'Asha Rao',
    email: 'asha@acme.test',
    taxPercentage: 18,
  };
  const member = {
    ...teamMember('Nia', 'Normal'),
    LoborRate: 400,
    BillableRate: 1200,
    notes: 'Leaves early on Fridays',
  };
  const project = {
    ...projectFields('Website', 'c-acme'),
    billamount: 90000,
    memberIds: ['m-nia'],
  };
  const log = { ...timeLogFields('2026-11-20', 'p-web', 5400), memberId: 'm-nia' };
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.rows@example.com' });
    await ok(admin, 'createClient', { id: 'c-acme', fields: client });
    await ok(admin, 'createMember', { id: 'm-nia', fields: member });
    normal = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nia', email: 'nia.rows@example.com' },
      'Normal',
      'm-nia',
    );
    await ok(admin, 'createProject', { id: 'p-web', fields: project });
    await ok(admin, 'addTimeLog', { id: 'l-one', fields: log });
  });
  afterAll(async () => drop());

  const pulled = async (who: SignedUp, cookie = '') => {
    const res = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}${cookie}`, who.cookie),
      context(database),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changes: PulledRow[]; cookie: string };
    return new Map(body.changes.map((c) => [`${c.kind}:${c.id}`, c]));
  };

  it('sends an Admin each record exactly as stored, with ISO timestamps', async () => {
    const rows = await pulled(admin);
    expect(rows.get('member:m-nia')?.data).toEqual(member);
    expect(rows.get('project:p-web')?.data).toEqual(project);
    expect(rows.get('timeLog:l-one')?.data).toEqual(log);
    const found: unknown = await database.db.execute(
      sql`SELECT created_at, updated_at, version FROM time_logs WHERE id = 'l-one'`,
    );
    const [stored] = (
      found as { rows: { created_at: Date | string; updated_at: Date | string; version: string }[] }
    ).rows;
    if (!stored) throw new Error('the log was not stored');
    const row = rows.get('timeLog:l-one');
    expect(row?.createdAt).toBe(new Date(stored.created_at).toISOString());
    expect(row?.updatedAt).toBe(new Date(stored.updated_at).toISOString());
    expect(row?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row?.version).toBe(Number(stored.version));
    expect(row?.deleted).toBe(false);
  });

  it('sends a Normal member their record and log without rates, notes or client details', async () => {
    const rows = await pulled(normal);
    expect(rows.get('member:m-nia')?.data).toEqual({
      ...member,
      LoborRate: 0,
      BillableRate: 0,
      rateHistory: [],
      notes: '',
    });
    expect(rows.get('project:p-web')?.data).toEqual({ ...project, billamount: 0 });
    expect(rows.get('timeLog:l-one')?.data).toEqual(log);
    const text = JSON.stringify([...rows.values()]);
    for (const secret of ['asha@acme.test', 'Asha Rao', 'Leaves early', '90000', '1200'])
      expect(text).not.toContain(secret);
    expect(rows.get('client:c-acme')?.data).toMatchObject({
      name: 'Acme Ltd',
      email: '',
      contactPerson: '',
      taxPercentage: null,
    });
  });

  it('sends a deleted record without its fields to a device that held it', async () => {
    const { cookie } = (await (
      await handlePull(
        get(`/sync/pull?workspace=${admin.workspace.id}`, admin.cookie),
        context(database),
      )
    ).json()) as { cookie: string };
    await ok(admin, 'deleteTimeLog', { id: 'l-one' });
    const rows = await pulled(admin, `&cookie=${cookie}`);
    expect(rows.get('timeLog:l-one')).toMatchObject({ deleted: true, data: null });
  });
});
