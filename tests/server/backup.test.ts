import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupRefused } from '../../src/server/backup/format';
import type { Database } from '../../src/server/db/connect';
import { migrations } from '../../src/server/db/migrations';
import {
  backupLines,
  designReview,
  pullAll,
  register,
  restoreLines,
  rowCounts,
  seed,
  signIn,
  type Person,
} from './backup-support';
import { drivers } from './support';

/** Every line but the header, whose only difference is the moment it was written. */
const body = (lines: string[]) => lines.slice(1);

const EMPTY = {
  users: 0,
  throttle: 0,
  workspaces: 0,
  devices: 0,
  sessions: 0,
  memberships: 0,
  members: 0,
  clients: 0,
  projects: 0,
  tasks: 0,
  time_logs: 0,
  timers: 0,
  sync_clients: 0,
  mutation_results: 0,
  support_messages: 0,
  password_resets: 0,
  invitations: 0,
  audit_log: 0,
  change_log: 0,
  import_fingerprints: 0,
  imports: 0,
  import_file_chunks: 0,
  import_entries: 0,
  client_credits: 0,
  teams: 0,
  team_members: 0,
  saved_reports: 0,
  report_shares: 0,
  jobs: 0,
  notices: 0,
  notice_preferences: 0,
  unsubscribe_links: 0,
  pending_registrations: 0,
  invoices: 0,
  invoice_counters: 0,
  invoice_logs: 0,
  invoice_payments: 0,
  invoice_logos: 0,
  api_tokens: 0,
  api_idempotency_keys: 0,
  api_rate_limits: 0,
};

async function one(database: Database, sql: string, params?: unknown[]) {
  return database.transaction(async (query) => (await query(sql, params))[0]);
}

describe.each(drivers)('backup and restore on $name', (driver) => {
  let source: Database;
  let asha: Person;
  let ravi: Person;
  let whole: string[];
  const cleanups: (() => Promise<void>)[] = [];

  async function fresh(list?: typeof migrations) {
    const { database, drop } = await driver.fresh(list);
    cleanups.push(drop);
    return database;
  }

  beforeAll(async () => {
    source = await fresh();
    ({ asha, ravi } = await seed(source));
    whole = await backupLines(source, { kind: 'database' });
  });
  afterAll(async () => {
    for (const drop of cleanups) await drop();
  });

  it('restores every row of the whole database into an empty one, exactly', async () => {
    const target = await fresh();
    const summary = await restoreLines(target, whole);
    expect(summary.upgraded).toEqual([]);
    expect(await rowCounts(target)).toEqual({
      users: 2,
      throttle: 2,
      workspaces: 2,
      devices: 2,
      sessions: 2,
      memberships: 3,
      members: 2,
      clients: 1,
      projects: 1,
      tasks: 0,
      time_logs: 1,
      timers: 1,
      sync_clients: 1,
      mutation_results: 4,
      support_messages: 0,
      password_resets: 0,
      invitations: 0,
      audit_log: 0,
      change_log: 4,
      import_fingerprints: 0,
      imports: 0,
      import_file_chunks: 0,
      import_entries: 0,
      client_credits: 0,
      teams: 0,
      team_members: 0,
      saved_reports: 0,
      report_shares: 0,
      jobs: 0,
      notices: 0,
      notice_preferences: 0,
      unsubscribe_links: 0,
      pending_registrations: 0,
      invoices: 0,
      invoice_counters: 0,
      invoice_logs: 0,
      invoice_payments: 0,
      invoice_logos: 1,
      api_tokens: 1,
      api_idempotency_keys: 0,
      api_rate_limits: 0,
    });
    // A second backup of the restored database says the same, row for row and byte for byte.
    expect(body(await backupLines(target, { kind: 'database' }))).toEqual(body(whole));

    expect(
      await one(target, `SELECT version::text AS v FROM workspaces WHERE id = $1::uuid`, [
        ravi.workspaceId,
      ]),
    ).toEqual({ v: '9007199254740993' });
    expect(
      await one(
        target,
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS at, password_hash LIKE '$argon2id$%' AS argon FROM users WHERE email = 'asha@example.com'`,
      ),
    ).toEqual({ at: '2026-11-22 09:59:59.123456', argon: true });
    expect(
      await one(
        target,
        `SELECT data::text AS data, date::text AS date, seconds, expense_minor::text AS minor, version::text AS version FROM time_logs WHERE id = 'l-1'`,
      ),
    ).toMatchObject({ date: '2026-11-20', seconds: 5400, minor: '25050', version: '2' });
    expect(
      await one(
        target,
        `SELECT encode(bytes, 'hex') AS hex FROM invoice_logos WHERE id = 'logo-1'`,
      ),
    ).toEqual({ hex: '89504e470d0a1a0a00ff' });
    const log = await one(target, `SELECT data::text AS data FROM time_logs WHERE id = 'l-1'`);
    expect(JSON.parse(String(log?.['data']))).toEqual(designReview);
  });

  it('lets people sign in again, keeps their sessions, and pulls the same records', async () => {
    const target = await fresh();
    await restoreLines(target, whole);
    const before = await pullAll(source, asha.cookie, asha.workspaceId);
    expect(before.status).toBe(200);
    // The session cookie from before the backup still works: its hash came back.
    expect(await pullAll(target, asha.cookie, asha.workspaceId)).toEqual(before);
    const cookie = await signIn(target, asha.email);
    expect(await pullAll(target, cookie, asha.workspaceId)).toEqual(before);
    expect(JSON.stringify(before.body)).toContain('Bolt Studio');
  });

  it('refuses to restore a whole backup over a database that holds rows, and writes nothing', async () => {
    const target = await fresh();
    await restoreLines(target, whole);
    await expect(restoreLines(target, whole)).rejects.toThrow(
      /already holds rows \(.*users.*\)\. A whole backup is restored only into an empty database/,
    );
    expect((await rowCounts(target)).users).toBe(2);
  });

  it('backs up one workspace with its members’ accounts but not their sessions', async () => {
    const lines = await backupLines(source, { kind: 'workspace', id: asha.workspaceId });
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual({
      end: {
        rows: {
          users: 2,
          workspaces: 1,
          memberships: 2,
          members: 1,
          clients: 1,
          projects: 1,
          tasks: 0,
          time_logs: 1,
          timers: 1,
          sync_clients: 1,
          mutation_results: 4,
          invitations: 0,
          audit_log: 0,
          change_log: 4,
          import_fingerprints: 0,
          imports: 0,
          client_credits: 0,
          // A workspace's notices go with it (notices.workspace_id); settings are the accounts'.
          notices: 0,
          teams: 0,
          team_members: 0,
          saved_reports: 0,
          report_shares: 0,
          invoices: 0,
          invoice_counters: 0,
          invoice_logs: 0,
          invoice_payments: 0,
          invoice_logos: 1,
        },
      },
    });
    const target = await fresh();
    const summary = await restoreLines(target, lines);
    expect(summary.tables['users']).toEqual({ added: 2, kept: 0 });
    expect(await rowCounts(target)).toEqual({
      ...EMPTY,
      users: 2,
      workspaces: 1,
      memberships: 2,
      members: 1,
      clients: 1,
      projects: 1,
      time_logs: 1,
      timers: 1,
      sync_clients: 1,
      mutation_results: 4,
      support_messages: 0,
      password_resets: 0,
      invitations: 0,
      audit_log: 0,
      change_log: 4,
      import_fingerprints: 0,
      imports: 0,
      import_file_chunks: 0,
      import_entries: 0,
      client_credits: 0,
      teams: 0,
      team_members: 0,
      invoice_logos: 1,
    });
    // No API token came along (the workspace's rows counted above hold none), nor any session:
    // the old cookie is signed out, the password still signs in.
    expect((await pullAll(target, asha.cookie, asha.workspaceId)).status).toBe(401);
    const cookie = await signIn(target, asha.email);
    expect(await pullAll(target, cookie, asha.workspaceId)).toEqual(
      await pullAll(source, asha.cookie, asha.workspaceId),
    );
    await expect(restoreLines(target, lines)).rejects.toThrow(
      `Workspace ${asha.workspaceId} is already in this database`,
    );
  });

  it('puts a deleted workspace back beside the accounts that are still here', async () => {
    const target = await fresh();
    await restoreLines(target, whole);
    // API tokens stay behind (src/server/backup/scope.ts); all else comes back as it was.
    await one(target, `DELETE FROM api_tokens`);
    const before = body(await backupLines(target, { kind: 'database' }));
    const lines = await backupLines(target, { kind: 'workspace', id: asha.workspaceId });
    await one(target, `DELETE FROM workspaces WHERE id = $1::uuid`, [asha.workspaceId]);
    expect((await pullAll(target, asha.cookie, asha.workspaceId)).status).toBe(403);
    const summary = await restoreLines(target, lines);
    expect(summary.tables['users']).toEqual({ added: 0, kept: 2 });
    expect(body(await backupLines(target, { kind: 'database' }))).toEqual(before);
  });

  it('refuses a workspace whose member’s email belongs to another account here', async () => {
    const target = await fresh();
    const lines = await backupLines(source, { kind: 'workspace', id: asha.workspaceId });
    await register(target, 'Another Asha', 'asha@example.com');
    const before = await rowCounts(target);
    const refusal = restoreLines(target, lines);
    await expect(refusal).rejects.toBeInstanceOf(BackupRefused);
    await expect(refusal).rejects.toThrow(
      /A row of users is already in this database.*asha@example\.com/,
    );
    expect(await rowCounts(target)).toEqual(before);
  });

  it('restores a backup made before a migration, then runs that migration on its rows', async () => {
    const early = migrations.slice(0, 2);
    const old = await fresh(early);
    await one(
      old,
      `INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('6f1b8a9e-5c3d-4e7f-9a1b-2c3d4e5f6a7b', 'Old Timer', 'old@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', '2026-01-01T00:00:00Z')`,
    );
    const lines = await backupLines(old, { kind: 'database' });
    expect((JSON.parse(lines[0] ?? '') as { migrations: string[] }).migrations).toEqual([
      '0001_accounts',
      '0002_throttle_devices',
    ]);
    // The restore command opens an empty database with the backup's migrations only.
    const summary = await restoreLines(await fresh(early), lines);
    // Every later migration, in order: 0003_workspaces_sync onwards.
    const later = migrations.slice(2).map((m) => m.id);
    expect(later.slice(0, 2)).toEqual(['0003_workspaces_sync', '0004_pull_order_indexes']);
    expect(summary.upgraded).toEqual(later);
    await expect(restoreLines(await fresh(), lines)).rejects.toThrow(
      `already has migrations the backup predates (${later.join(', ')})`,
    );
    // It runs every migration after the second twice over: on a busy machine past 20 s.
  }, 90_000);

  it('backs up a table a later migration adds, and moves its sequence past the restored ids', async () => {
    const a = await fresh();
    const b = await fresh();
    for (const database of [a, b])
      await one(database, `CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL)`);
    await one(a, `INSERT INTO notes (body) VALUES ('first'), ('second')`);
    const summary = await restoreLines(b, await backupLines(a, { kind: 'database' }));
    expect(summary.tables['notes']).toEqual({ added: 2, kept: 0 });
    expect(
      await one(b, `INSERT INTO notes (body) VALUES ('third') RETURNING id::text AS id`),
    ).toEqual({
      id: '3',
    });
  });
});
