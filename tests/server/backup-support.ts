import { expect } from 'vitest';
import { handleLogin } from '../../src/server/api/handlers';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import { writeDump } from '../../src/server/backup/dump';
import { parseBackup, type Scope } from '../../src/server/backup/format';
import { restoreDump } from '../../src/server/backup/restore';
import type { Database } from '../../src/server/db/connect';
import { context, cookieOf, fakeClock, freshAddress, get, post } from './support';
import { signUp } from './workspace-support';

/** Someone signed in, with their own workspace and a browser's sync client id. */
export interface Person {
  email: string;
  cookie: string;
  workspaceId: string;
  clientId: string;
}

export const PASSWORD = 'a good password';
export const clock = fakeClock();

/** Signs up through the real handler and finds the new account's workspace. */
export async function register(database: Database, name: string, email: string): Promise<Person> {
  const { cookie, workspace } = await signUp(database, { name, email, password: PASSWORD }, clock);
  const workspaceId = workspace.id;
  return { email, cookie, workspaceId, clientId: `laptop-${workspaceId.slice(0, 8)}-abcdefgh` };
}

/** The time log pushed by Asha, exactly as its `data` column must hold it. */
export const designReview = {
  date: '2026-11-20',
  projectId: 'p-site',
  taskId: null,
  memberId: null,
  tags: 'design',
  desc: '<p>Design review with <strong>Bolt</strong></p>',
  dur: 5400,
  st: '09:00',
  end: '10:30',
  exp: 250.5,
  status: 'approved',
};

/**
 * Two accounts, each with a workspace; Ravi is also a Manager in Asha's. Asha's workspace gets a
 * client, a project, a time log and a running timer through the real push handler. Asha's account
 * gets a creation time with microseconds and Ravi's workspace a version past 2^53, to show both
 * come back exactly.
 */
export async function seed(database: Database): Promise<{ asha: Person; ravi: Person }> {
  const asha = await register(database, 'Asha Rao', 'asha@example.com');
  const ravi = await register(database, 'Ravi Iyer', 'ravi@example.com');
  await database.transaction(async (query) => {
    await query(
      `INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at)
       SELECT $1::uuid, id, 'Manager', NULL, '2026-11-22T10:00:00Z' FROM users WHERE email = $2`,
      [asha.workspaceId, ravi.email],
    );
    await query(
      `UPDATE users SET created_at = '2026-11-22 09:59:59.123456+00' WHERE email = 'asha@example.com'`,
    );
    await query(`UPDATE workspaces SET version = 9007199254740993 WHERE id = $1::uuid`, [
      ravi.workspaceId,
    ]);
    // An API token: a whole backup keeps it working; a workspace backup leaves it behind.
    await query(
      `INSERT INTO api_tokens (id, user_id, workspace_id, name, scope, secret_hash, created_at)
       SELECT '00000000-0000-4000-8000-000000000001', id, $1::uuid, 'Reports script', 'read',
              'a5f0c1e2d3b4a5f0c1e2d3b4a5f0c1e2d3b4a5f0c1e2d3b4a5f0c1e2d3b4a5f0', '2026-11-22T10:00:00Z'
       FROM users WHERE email = 'asha@example.com'`,
      [asha.workspaceId],
    );
    // Bytes (an invoice logo) must come back byte for byte.
    await query(
      `INSERT INTO invoice_logos (workspace_id, id, content_type, bytes, created_at)
       VALUES ($1::uuid, 'logo-1', 'image/png', decode('89504e470d0a1a0a00ff', 'hex'), '2026-11-22T10:00:00Z')`,
      [asha.workspaceId],
    );
  });
  const client = {
    name: 'Bolt Studio',
    contactPerson: 'Meera',
    email: 'meera@bolt.example',
    phone: '',
    address: '12 MG Road\nBengaluru',
    taxName: 'GST',
    taxPercentage: 18,
    taxNumber: '',
    status: 'Active',
  };
  const project = {
    projectName: 'Website',
    clientId: 'c-bolt',
    hours: 40,
    billamount: 1500,
    description: '',
    billable: 'project',
    rounding: 'up',
    timeInterval: 15,
    approval: false,
    status: 'Active',
  };
  const mutations = [
    { id: 1, name: 'createClient', args: { id: 'c-bolt', fields: client } },
    { id: 2, name: 'createProject', args: { id: 'p-site', fields: project } },
    { id: 3, name: 'addTimeLog', args: { id: 'l-1', fields: designReview } },
    {
      id: 4,
      name: 'setTimer',
      args: {
        timer: {
          status: 'running',
          startedAt: 1_795_428_000_000,
          day: '2026-11-22',
          continueLogId: null,
        },
      },
    },
  ];
  const pushed = await handlePush(
    post(
      '/sync/push',
      { workspaceId: asha.workspaceId, clientId: asha.clientId, mutations },
      asha.cookie,
    ),
    context(database, clock),
  );
  expect(pushed.status).toBe(200);
  const { results } = (await pushed.json()) as { results: { outcome: string }[] };
  expect(results.map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
  return { asha, ravi };
}

/** A fresh sign-in's cookie, or the status when it was refused. */
export async function signIn(database: Database, email: string): Promise<string> {
  const res = await handleLogin(
    post('/user/login', { email, password: PASSWORD }),
    context(database, clock, freshAddress()),
  );
  expect(res.status).toBe(200);
  return cookieOf(res);
}

/** Everything a first pull of the workspace gives, with the status of the answer. */
export async function pullAll(database: Database, cookie: string, workspaceId: string) {
  const res = await handlePull(
    get(`/sync/pull?workspace=${workspaceId}`, cookie),
    context(database, clock),
  );
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as unknown) : null };
}

/** A backup's lines, in memory. */
export async function backupLines(database: Database, scope: Scope): Promise<string[]> {
  const lines: string[] = [];
  await writeDump(database, scope, new Date('2026-11-22T12:00:00Z'), (line) => {
    lines.push(line);
    return Promise.resolve();
  });
  return lines;
}

/** Restores lines held in memory, as the restore command does with a file's. */
export function restoreLines(database: Database, lines: string[]) {
  return restoreDump(database, parseBackup(lines));
}

/** The row count of every table a whole backup holds, from its last line. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const last = (await backupLines(database, { kind: 'database' })).at(-1) ?? '{}';
  return (JSON.parse(last) as { end: { rows: Record<string, number> } }).end.rows;
}
