// Shared by the bench sections: start the built server on a free port with a throwaway
// database, and launch Debian's Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromiumLaunchOptions } from '../chromium-options.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import pg from 'pg';

/** A free TCP port on localhost. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node scripts/start.mjs` (of the checkout in `cwd`: another build to compare with);
 * resolves once it answers, with its URL and a stop function.
 */
export async function startServer(extraEnv = {}, cwd = process.cwd()) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hourmark-bench-'));
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches headless Debian Chromium with the flags this machine needs. */
export function launchChromium() {
  return chromium.launch(chromiumLaunchOptions);
}

/** Registers and signs in through the API in `context`, returning what to put in localStorage. */
export async function signInContext(context, url) {
  const account = {
    name: 'Bench',
    email: `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    password: 'bench password 1',
  };
  // Each bench account comes from an address of its own (the bench server trusts one proxy),
  // so a figure that signs up a dozen times stays under the registrations-per-address limit.
  const headers = {
    'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 254)}, 203.0.113.${1 + Math.floor(Math.random() * 254)}`,
  };
  await context.request.post(`${url}/user/register`, { data: account, headers });
  const login = await context.request.post(`${url}/user/login`, {
    data: { email: account.email, password: account.password },
    headers,
  });
  const body = await login.json();
  const { workspaces } = await (await context.request.get(`${url}/sync/workspaces`)).json();
  const [workspace] = workspaces;
  // The cache's owner marker: records seeded under the documented keys are this account's.
  const owner = { userId: body.user.id, workspaceId: workspace.id, workspaceName: workspace.name };
  return { token: body.token, user: JSON.stringify(body.user), owner: JSON.stringify(owner) };
}

/** Median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs `section(label, env)` on PGlite, then on a throwaway PostgreSQL when one is installed;
 * a section that throws is reported and makes the bench exit non-zero.
 */
export async function onBothDrivers(what, section) {
  const { startPostgres } = await import('../postgres.mjs');
  let ok = true;
  const run = async (label, env) => {
    try {
      await section(label, env);
    } catch (error) {
      ok = false;
      console.log(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await run('PGlite', {});
  const pg = await startPostgres();
  if (pg) {
    try {
      await run('PostgreSQL', { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  } else console.log(`\nPostgreSQL is not installed: the ${what} bench ran on PGlite only.`);
  if (!ok) process.exitCode = 1;
}

/** A database of its own on the PostgreSQL `url` names, so two builds never share rows. */
export async function freshDatabase(url) {
  const name = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
