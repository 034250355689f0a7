import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A server of the test's own, with the settings it is about and what it wrote to its log. */
export interface OwnServer {
  url: string;
  port: number;
  log: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A database of its own on the suite's PostgreSQL, so what other tests counted there (sign-ups
 * per address, say) does not count here; null on PGlite.
 */
async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const suite = process.env['DATABASE_URL'];
  if (!suite) return null;
  const name = `own_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: suite });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(suite);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: suite });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * Starts the built server (`npm start`) on 127.0.0.1 with exactly `env` on top of the runner's
 * own settings (none of the suite server's TRUST_PROXY, SMTP_URL or PUBLIC_URL), on a throwaway
 * PGlite, or on a throwaway database of the suite's PostgreSQL when DATABASE_URL is set.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hourmark-own-'));
  const database = await ownDatabase();
  let output = '';
  const child = spawn('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const ready = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`The server stopped: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    log: () => output,
    stop: async () => {
      const exited =
        child.exitCode === null
          ? new Promise((resolve) => child.once('exit', resolve))
          : Promise.resolve();
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
