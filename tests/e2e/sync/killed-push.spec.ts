import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { fromOwnAddress } from '../support/addresses';
import { newAccount } from '../support/session';

// A server process killed (SIGKILL, no chance to clean up) in the middle of a push loses
// nothing and duplicates nothing when the device sends the same push again to a new process.
// On PostgreSQL, where the database outlives the process as it does in production.
test.skip(!process.env.DATABASE_URL, 'The database must outlive the killed process');

const PORT = 4398;
const BASE = `http://127.0.0.1:${PORT}`;

function startServer(): ChildProcess {
  return spawn('node', ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', TRUST_PROXY: '1' },
    stdio: 'ignore',
  });
}

/** True while a server connection is inside a transaction that has inserted time logs. */
async function uncommittedPushUnderWay(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL
          AND state IN ('active', 'idle in transaction') AND query ILIKE '%time_logs%'`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function healthy() {
  await expect
    .poll(
      () =>
        fetch(`${BASE}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
}

const log = (i: number) => ({
  id: `killed-${i}`,
  fields: {
    date: '2026-03-10',
    projectId: null,
    taskId: null,
    memberId: null,
    tags: 'retry',
    desc: `<p>${'Work '.repeat(300)}${i}</p>`,
    dur: 60 + i,
    st: '',
    end: '',
    exp: 0,
    status: 'approved',
  },
});

test('a push cut off by a killed server, sent again, applies every mutation exactly once', async () => {
  test.setTimeout(120_000);
  let server = startServer();
  try {
    await healthy();
    const account = newAccount();
    const registered = await fetch(`${BASE}/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...fromOwnAddress() },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.getSetCookie?.() ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const { workspaces } = (await (
      await fetch(`${BASE}/sync/workspaces`, { headers: { cookie } })
    ).json()) as { workspaces: { id: string }[] };
    const workspaceId = workspaces[0]?.id ?? '';
    const push = JSON.stringify({
      workspaceId,
      clientId: `killed-${randomUUID().slice(0, 12)}`,
      mutations: Array.from({ length: 500 }, (_, i) => ({
        id: i + 1,
        name: 'addTimeLog',
        args: log(i),
      })),
    });
    const send = () =>
      fetch(`${BASE}/sync/push`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie },
        body: push,
      });

    // The first attempt dies with the process, part way through.
    const first = send().then(
      (r) => r.status,
      () => 0,
    );
    // Killed once the push's transaction has written logs that are not committed yet.
    await expect
      .poll(() => uncommittedPushUnderWay(), { timeout: 10_000, intervals: [5] })
      .toBe(true);
    server.kill('SIGKILL');
    expect(await first).toBe(0);

    server = startServer();
    await healthy();
    const again = await send();
    expect(again.status).toBe(200);
    const { results } = (await again.json()) as { results: { outcome: string }[] };
    expect(results).toHaveLength(500);
    expect(results.every((r) => r.outcome === 'ok')).toBe(true);

    const pulled = (await (
      await fetch(`${BASE}/sync/pull?workspace=${workspaceId}`, { headers: { cookie } })
    ).json()) as { changes: { kind: string; id: string }[] };
    const logs = pulled.changes.filter((c) => c.kind === 'timeLog').map((c) => c.id);
    expect(logs).toHaveLength(500);
    expect(new Set(logs).size).toBe(500);
  } finally {
    server.kill('SIGKILL');
  }
});
