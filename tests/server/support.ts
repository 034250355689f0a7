import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/connect';
import type { HandlerContext } from '../../src/server/api/handlers';
import { migrations as allMigrations } from '../../src/server/db/migrations';
import { mailOff, type Mailer } from '../../src/server/mail/mailer';

/** A way to get a fresh, empty database: PGlite in memory always, PostgreSQL when configured. */
export interface Driver {
  name: string;
  fresh: (
    migrations?: typeof allMigrations,
  ) => Promise<{ database: Database; url?: string; drop: () => Promise<void> }>;
}

const pgUrl = process.env['TEST_DATABASE_URL'];

async function freshPostgres(migrations?: typeof allMigrations) {
  const name = `hm_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl ?? '');
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrations });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: pgUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * A PGlite database with every migration applied, made once per run of these migrations and kept
 * as a file under tmp/: opening a copy of it takes a fraction of running the 30-odd migrations
 * again, which every fresh database did (about 3 s each on a busy 2-core machine, hundreds of
 * times a run). Vitest imports this module afresh for each test file, so the copy lives on disk,
 * named by a hash of the migrations, and is written under a temporary name and renamed, so two
 * workers making it at once each read a whole file. A test that asks for an earlier list of
 * migrations still starts from nothing.
 */
let migratedPglite: Promise<Blob> | undefined;
function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const hash = createHash('sha256');
    for (const migration of allMigrations) hash.update(migration.id).update(migration.sql);
    const dir = join(process.cwd(), 'tmp', 'pglite-templates');
    const file = join(dir, `${hash.digest('hex').slice(0, 16)}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const database = await openDatabase({});
      try {
        if (!database.dumpDataDir) throw new Error('PGlite can dump its data directory');
        const dump = await database.dumpDataDir();
        await mkdir(dir, { recursive: true });
        const partial = `${file}.${process.pid}.${randomUUID()}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
        return dump;
      } finally {
        await database.close();
      }
    }
  })();
  return migratedPglite;
}

async function freshPglite(migrations?: typeof allMigrations) {
  const database = migrations
    ? await openDatabase({ migrations })
    : await openDatabase({ copyOf: await migratedPgliteDump() });
  return { database, drop: () => database.close() };
}

/** Every driver available in this run. */
export const drivers: Driver[] = [
  { name: 'PGlite', fresh: freshPglite },
  ...(pgUrl ? [{ name: 'PostgreSQL', fresh: freshPostgres }] : []),
];

/** A controllable clock for expiry and rate-limit windows. */
export function fakeClock(start = new Date('2026-11-22T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Builds the context handlers receive. */
export function context(
  database: Database,
  clock = fakeClock(),
  ip = '203.0.113.7',
  publicUrl?: URL,
  mail: Mailer = mailOff,
): HandlerContext {
  return {
    database,
    now: clock.now,
    ip,
    publicUrl,
    appUrl: publicUrl ?? new URL('http://localhost:4321'),
    mail,
    supportEmail: 'help@hourmark.test',
  };
}

/** A JSON POST as a browser on https://hourmark.test would send it. */
export function post(path: string, body: unknown, cookie?: string): Request {
  return new Request(`https://hourmark.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A GET with an optional cookie and extra headers. */
export function get(path: string, cookie?: string, headers: Record<string, string> = {}): Request {
  return new Request(`https://hourmark.test${path}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** The `name=value` part of a response's session Set-Cookie, to send back. */
export function cookieOf(response: Response): string {
  return setCookie(response, 'hm_session')?.split(';')[0] ?? '';
}

/** The whole Set-Cookie line for one cookie name, or undefined. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** The `hm_device=…` pair a sign-in set, to send back on a later sign-in from that browser. */
export function deviceOf(response: Response): string {
  return setCookie(response, 'hm_device')?.split(';')[0] ?? '';
}

let addressCounter = 0;
/** A documentation-range address (RFC 5737) no other test uses, so limits do not collide. */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}
