import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/connect';
import type { HandlerContext } from '../../src/server/api/handlers';

/** A way to get a fresh, empty database: PGlite in memory always, PostgreSQL when configured. */
export interface Driver {
  name: string;
  fresh: () => Promise<{ database: Database; url?: string; drop: () => Promise<void> }>;
}

const pgUrl = process.env['TEST_DATABASE_URL'];

async function freshPostgres() {
  const name = `hm_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl ?? '');
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
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

/** Every driver available in this run. */
export const drivers: Driver[] = [
  {
    name: 'PGlite',
    fresh: async () => {
      const database = await openDatabase({});
      return { database, drop: () => database.close() };
    },
  },
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
): HandlerContext {
  return { database, now: clock.now, ip };
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

/** The `name=value` part of a response's Set-Cookie, to send back. */
export function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
