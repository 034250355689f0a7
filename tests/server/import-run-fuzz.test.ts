import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleImport,
  handleImports,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { context, drivers } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Generated requests at POST /api/imports, GET /api/imports/<id> and POST /api/imports/<id>/undo
// (issue 32): broken forms, odd choices, odd files (Toggl's, a time sheet, Hourmark's own
// export) and ids. Every answer is 2xx or a 4xx JSON
// `{ error, message }`, never a 5xx; no import's undo moves a version without an import to undo.

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const toggl = readFileSync('tests/fixtures/import/toggl-detailed.csv');
// A time sheet no source recognises, started with an Any-CSV mapping (issue 33).
const timeSheet = readFileSync('tests/fixtures/import/any-csv-zeiten-maerz.csv');
// Hourmark's own export (JSON, issue 32), its people mapped or not.
const hourmark = readFileSync('tests/fixtures/import/hourmark-export.json');
const columns = ['Datum', 'Beginn', 'Ende', 'Projekt', 'Stunden', 'Kunde', '', 'x'.repeat(300)];
const odd: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x'.repeat(300),
  '\u0000',
  '\uD800',
  [],
  {},
  { as: 'member' },
  'Europe/Berlin',
  'Mars/Olympus',
  'MM/DD/YYYY',
  true,
];

function choicesOf(rand: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  switch (Math.floor(rand() * 7)) {
    case 5:
      return JSON.stringify({
        mapping: { date: 'Datum', start: 'Beginn', duration: 'Stunden', project: 'Projekt' },
      });
    case 6:
      return JSON.stringify({
        mapping:
          rand() < 0.2
            ? pick(odd)
            : Object.fromEntries(
                ['date', 'start', 'end', 'duration', 'client', 'billable', 'colour']
                  .filter(() => rand() < 0.6)
                  .map((field) => [field, rand() < 0.8 ? pick(columns) : pick(odd)]),
              ),
      });
    case 0:
      return pick(['', '{', 'null', '[]', '"x"', '{"people": 3}', '{"extra": 1}']);
    case 1:
      return JSON.stringify({ timeZone: pick(odd), dateFormat: pick(odd) });
    case 2:
      return JSON.stringify({
        people: Array.from({ length: Math.floor(rand() * 4) }, () => ({
          email: pick([
            'ana@studio.test',
            'bo@studio.test',
            'carla@studio.test',
            '',
            'zed@x',
            'kai@agency.test',
          ]),
          as: pick(['me', 'member', 'new', 'boss', odd[0]]),
          ...(rand() < 0.5 ? { memberId: pick(['m-x', '', 'a'.repeat(300)]) } : {}),
        })),
      });
    case 3:
      return JSON.stringify({ people: pick(odd) });
    default:
      return JSON.stringify({ people: [{ name: pick(odd), as: 'new' }] });
  }
}

function requestOf(rand: () => number, url: string, cookie: string): Request {
  const kind = Math.floor(rand() * 5);
  const which = rand();
  const sample = which < 0.25 ? timeSheet : which < 0.45 ? hourmark : toggl;
  if (kind === 0) {
    // Not a form at all, or a form with its boundary wrong.
    const types = [
      'text/csv',
      'application/json',
      'multipart/form-data',
      'multipart/form-data; boundary=zz',
      '',
    ];
    const type = types[Math.floor(rand() * types.length)] ?? '';
    return new Request(url, {
      method: 'POST',
      headers: { cookie, ...(type ? { 'content-type': type } : {}) },
      body: sample.subarray(0, Math.floor(rand() * sample.length)),
    });
  }
  const body = new FormData();
  const cut = sample.subarray(0, kind === 1 ? Math.floor(rand() * sample.length) : sample.length);
  if (kind !== 2)
    body.set('file', new File([new Uint8Array(cut)], sample === hourmark ? 'f.json' : 'f.csv'));
  else body.set('file', 'not a file');
  if (rand() < 0.9) body.set('choices', choicesOf(rand));
  return new Request(url, { method: 'POST', headers: { cookie }, body });
}

describe.each(drivers)('fuzzing the import endpoints on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Fuzz', email: 'fuzz@studio.test' });
  });
  afterAll(async () => drop());
  const version = async () =>
    rows<{ version: number | string }>(
      database.db,
      sql`SELECT version FROM workspaces WHERE id = ${admin.workspace.id}`,
    );
  const expectJsonAnswer = async (res: Response, label: string) => {
    expect(res.status, label).toBeLessThan(500);
    const body = (await res.json()) as { error?: unknown; message?: unknown };
    if (res.status >= 400)
      expect([typeof body.error, typeof body.message], label).toEqual(['string', 'string']);
    return res.status;
  };

  it('answers 1,000 generated imports with 202 or a 4xx JSON error, moving no version', async () => {
    const rand = random(20261127);
    const before = await version();
    const statuses = new Set<number>();
    const sources = new Set<string>();
    const url = `https://hourmark.test/api/imports?workspace=${admin.workspace.id}`;
    for (let i = 0; i < 1000; i += 1) {
      const res = await handleStartImport(requestOf(rand, url, admin.cookie), context(database));
      if (res.status === 202)
        sources.add(((await res.clone().json()) as { import: { source: string } }).import.source);
      statuses.add(await expectJsonAnswer(res, `request #${i}`));
    }
    // Toggl's file, the time sheet through its mapping and Hourmark's export were started.
    expect([...sources].sort()).toEqual(['any-csv', 'hourmark', 'toggl']);
    // Nothing is written to the workspace until a job runs.
    expect(await version()).toEqual(before);
    expect([...statuses].sort()).toEqual([202, 400, 415, 422]);
  }, 120_000);

  it('answers odd ids at GET /api/imports/<id> and its undo with 4xx JSON', async () => {
    const ids = [
      '',
      'x',
      '..',
      '%00',
      '00000000-0000-4000-8000-000000000000',
      'a'.repeat(500),
      '%E0%A4%A',
    ];
    for (const id of ids) {
      const url = `https://hourmark.test/api/imports/${id}`;
      const got = await handleImport(
        new Request(url, { headers: { cookie: admin.cookie } }),
        context(database),
      );
      expect(await expectJsonAnswer(got, `GET ${id}`)).toBe(404);
      const undone = await handleUndoImport(
        new Request(`${url}/undo`, { method: 'POST', headers: { cookie: admin.cookie } }),
        context(database),
      );
      expect(await expectJsonAnswer(undone, `undo ${id}`)).toBe(404);
    }
    for (const query of ['', '?workspace=x', '?workspace=00000000-0000-4000-8000-000000000000']) {
      const list = await handleImports(
        new Request(`https://hourmark.test/api/imports${query}`, {
          headers: { cookie: admin.cookie },
        }),
        context(database),
      );
      expect(await expectJsonAnswer(list, `list ${query}`)).toBe(403);
    }
  });
});
