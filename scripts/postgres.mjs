// Starts a throwaway PostgreSQL for the server tests (PostgreSQL refuses to run as root, so
// it runs as the `postgres` user). Returns null when PostgreSQL is not installed.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

function findBin(name) {
  const candidates = ['/usr/local/bin', '/usr/bin'];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort().reverse()) candidates.push(join(debian, v, 'bin'));
  return candidates.map((dir) => join(dir, name)).find((path) => existsSync(path)) ?? null;
}

function freePort() {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts PostgreSQL on a free port; `{ url, stop }` or null when it cannot be started. */
export async function startPostgres() {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) return null;
  const root = resolve('tmp', `pg-${process.pid}-${Date.now()}`);
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'sock');
  mkdirSync(socketDir, { recursive: true });
  chmodSync(resolve('tmp'), 0o755);
  const asPostgres = (args) => {
    const isRoot = process.getuid?.() === 0;
    const [cmd, ...rest] = isRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    return spawnSync(cmd, rest, { encoding: 'utf8' });
  };
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', root]);
  const init = asPostgres([initdb, '-D', dataDir, '-U', 'app', '--auth=trust', '-E', 'UTF8']);
  if (init.status !== 0) {
    console.error(`PostgreSQL initdb failed: ${init.stderr}`);
    return null;
  }
  const port = await freePort();
  const start = asPostgres([
    pgCtl,
    '-D',
    dataDir,
    '-w',
    '-l',
    join(root, 'log.txt'),
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir} -c fsync=off`,
    'start',
  ]);
  if (start.status !== 0) {
    console.error(`PostgreSQL failed to start: ${start.stderr}`);
    return null;
  }
  console.log(`PostgreSQL test server on 127.0.0.1:${port}`);
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres([pgCtl, '-D', dataDir, '-m', 'immediate', 'stop']);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
