import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { context, drivers } from './support';
import { signUp, type SignedUp } from './workspace-support';

// 1,000 generated files at POST /api/imports/preview (issue 32): the samples of every source
// (Toggl, Clockify, Harvest in both number locales, Kimai CSV and XLSX, a time sheet read
// through an Any-CSV mapping; issue 33) cut, flipped, re-encoded, with formulas, junk headers
// and odd cells; and the files without time (issue 33): Clockify's projects CSV, Harvest's
// clients and projects CSVs, Toggl's account zip with its JSON changed; Hourmark's own export
// (issue 32) cut, re-encoded and with odd values. Every answer is 200 or a 4xx JSON
// `{ error, message }`, never a 5xx, and the workspace's version never moves.

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const samples = [
  'toggl-detailed.csv',
  'clockify-detailed.csv',
  'harvest-time-report.csv',
  'harvest-time-report-decimal-comma.csv',
  'kimai-timesheet.csv',
  // A workbook: cut or with bytes changed, it exercises the zip and spreadsheet readers.
  'kimai-timesheet.xlsx',
  'clockify-projects.csv',
  'harvest-clients.csv',
  'harvest-projects.csv',
  // A time sheet no source recognises, read through a mapping (Any CSV).
  'any-csv-zeiten-maerz.csv',
  // Hourmark's own export (JSON, issue 32).
  'hourmark-export.json',
].map((name) => {
  const bytes = readFileSync(`tests/fixtures/import/${name}`);
  return { bytes, text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
});

/** Toggl's account export fixture as files by path in the zip (issue 33). */
const togglAccount = (() => {
  const root = 'tests/fixtures/import/toggl-account';
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
})();
const togglZip = zipSync(
  Object.fromEntries(Object.entries(togglAccount).map(([p, t]) => [p, strToU8(t)])),
);
samples.push({ bytes: Buffer.from(togglZip), text: '' });
const oddCells = [
  '=1+2',
  '+SUM(A1)',
  '-2',
  '@cmd',
  '"',
  '""',
  '\u0000',
  '💥',
  '\uD800',
  '25:61:61',
  '99999:00:00',
  '2026-02-30',
  '12/31/2026',
  'x'.repeat(5000),
  '',
  ' , ',
  '\r',
  '2.400,0',
  '"2,5"',
  '13/45/2026',
  '02/30/2026',
  '9 AM',
  '13:00 PM',
  'Break',
  '1.2.3',
  '-0,5',
];

/** The `mapping` query of a request (Any CSV): the March file's own, a random one, junk, or none. */
function mappingQuery(rand: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const columns = ['Datum', 'Beginn', 'Ende', 'Projekt', 'Tätigkeit', 'Stunden', 'Kunde', ''];
  const fields = ['date', 'start', 'end', 'duration', 'personName', 'personEmail', 'client'];
  const chosen = rand();
  const sent = (mapping: unknown) => `&mapping=${encodeURIComponent(JSON.stringify(mapping))}`;
  if (chosen < 0.25)
    return sent({ date: 'Datum', start: 'Beginn', duration: 'Stunden', project: 'Projekt' });
  if (chosen < 0.35)
    return sent(
      Object.fromEntries(fields.filter(() => rand() < 0.6).map((f) => [f, pick(columns)])),
    );
  if (chosen < 0.4)
    return `&mapping=${encodeURIComponent(pick(['{', '[]', 'null', '{"date":1}', '"x"']))}`;
  return '';
}

function generated(rand: () => number): { bytes: Uint8Array; type: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const { bytes: sample, text: sampleText } = pick(samples);
  const type = pick([
    'text/csv',
    'application/octet-stream',
    'text/plain',
    'application/json',
    '',
    'image/png',
  ]);
  const encoder = new TextEncoder();
  switch (Math.floor(rand() * 8)) {
    case 7: {
      // Toggl's account zip with one JSON file's values changed, cut or dropped (issue 33)
      const files = { ...togglAccount };
      const path = pick(Object.keys(files));
      const text = files[path] ?? '';
      const change = rand();
      if (change < 0.25) files[path] = text.slice(0, Math.floor(rand() * text.length));
      else if (change < 0.4) delete files[path];
      else
        files[path] = text.replace(/: ("[^"]*"|-?\d+(\.\d+)?|true|false|null)/g, (value) =>
          rand() < 0.3
            ? `: ${JSON.stringify(pick(oddCells))}`
            : rand() < 0.1
              ? ': 12345678901234567890'
              : value,
        );
      return {
        bytes: zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, strToU8(t)]))),
        type,
      };
    }
    case 0: // cut anywhere, even inside a character
      return { bytes: sample.subarray(0, Math.floor(rand() * sample.length)), type };
    case 1: {
      // a few bytes changed
      const bytes = Uint8Array.from(sample);
      for (let i = 0; i < 1 + rand() * 8; i += 1)
        bytes[Math.floor(rand() * bytes.length)] = Math.floor(rand() * 256);
      return { bytes, type };
    }
    case 2: {
      // Hourmark's export: its values replaced by odd ones, numbers too long, lists by objects
      if (sampleText.startsWith('{'))
        return {
          bytes: encoder.encode(
            sampleText.replace(/: ("[^"]*"|-?\d+(\.\d+)?|true|false|null|\[)/g, (value) =>
              rand() < 0.2
                ? `: ${JSON.stringify(pick(oddCells))}`
                : rand() < 0.05
                  ? pick([': 12345678901234567890', ': {}', ': -1', ': 1e400'])
                  : value,
            ),
          ),
          type,
        };
      // cells replaced by odd ones
      const lines = sampleText.split('\n').map((line, i) =>
        i === 0 && rand() < 0.7
          ? line
          : line
              .split(',')
              .map((cell) => (rand() < 0.2 ? pick(oddCells) : cell))
              .join(','),
      );
      return { bytes: encoder.encode(lines.join(pick(['\n', '\r\n', '\r']))), type };
    }
    case 3: {
      // another encoding, maybe without its mark
      const utf16 = Buffer.from(sampleText, 'utf16le');
      return {
        bytes: rand() < 0.5 ? Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]) : utf16,
        type,
      };
    }
    case 4: // random bytes
      return {
        bytes: Uint8Array.from({ length: Math.floor(rand() * 2000) }, () =>
          Math.floor(rand() * 256),
        ),
        type,
      };
    case 5: {
      // a header of shuffled, dropped and repeated column names
      const names = sampleText.split('\n')[0]?.split(',') ?? [];
      const header = names.filter(() => rand() < 0.85).sort(() => rand() - 0.5);
      if (rand() < 0.3) header.push(pick(names));
      return {
        bytes: encoder.encode([header.join(','), ...sampleText.split('\n').slice(1)].join('\n')),
        type,
      };
    }
    default: // many rows with random cells under the real header
      return {
        bytes: encoder.encode(
          [
            sampleText.split('\n')[0],
            ...Array.from({ length: Math.floor(rand() * 50) }, () =>
              Array.from({ length: 10 + Math.floor(rand() * 6) }, () => pick(oddCells)).join(','),
            ),
          ].join('\n'),
        ),
        type,
      };
  }
}

describe.each(drivers)('fuzzing the import preview on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Fuzz', email: 'fuzz@studio.test' });
  });
  afterAll(async () => drop());

  const send = (bytes: Uint8Array, type: string, query = '') =>
    handleImportPreview(
      new Request(
        `https://hourmark.test/api/imports/preview?workspace=${admin.workspace.id}${query}`,
        {
          method: 'POST',
          headers: { cookie: admin.cookie, ...(type ? { 'content-type': type } : {}) },
          body: new Uint8Array(bytes),
        },
      ),
      context(database),
    );
  const version = async () =>
    rows<{ version: number | string }>(
      database.db,
      sql`SELECT version FROM workspaces WHERE id = ${admin.workspace.id}`,
    );

  it('answers 1,000 generated files with 200 or a 4xx JSON error, and writes nothing', async () => {
    const rand = random(20261126);
    const before = await version();
    const statuses = new Map<number, number>();
    const sources = new Set<unknown>();
    for (let i = 0; i < 1000; i += 1) {
      const { bytes, type } = generated(rand);
      // Now and then the person has chosen the date order (issue 33).
      const order = rand();
      const query =
        order < 0.1 ? '&dateFormat=DD/MM/YYYY' : order < 0.2 ? '&dateFormat=MM/DD/YYYY' : '';
      const res = await send(bytes, type, query + mappingQuery(rand));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `file #${i}`).toBeLessThan(500);
      const body = (await res.json()) as {
        error?: unknown;
        message?: unknown;
        preview?: { source?: unknown };
      };
      if (res.status >= 400)
        expect([typeof body.error, typeof body.message]).toEqual(['string', 'string']);
      else {
        expect(body.preview).toEqual(expect.any(Object));
        sources.add(body.preview?.source);
      }
    }
    // Every source's damaged files were read as that source at least once.
    expect([...sources].sort()).toEqual([
      'any-csv',
      'clockify',
      'clockify-projects',
      'harvest',
      'harvest-clients',
      'harvest-projects',
      'hourmark',
      'kimai',
      'toggl',
      'toggl-account',
    ]);
    expect(await version()).toEqual(before);
    // The generator reaches every kind of answer: read, a malformed mapping, refused as
    // unreadable or unknown, wrong type.
    expect([...statuses.keys()].sort()).toEqual([200, 400, 415, 422]);
  }, 120_000);

  it('refuses 50 MB of junk at once, text or binary', async () => {
    const size = 50 * 1024 * 1024 - 16;
    const text = Buffer.alloc(size, 'junk;; "more" junk\n');
    const textRes = await send(text, 'text/csv');
    expect(textRes.status).toBe(422);
    expect(await textRes.json()).toMatchObject({ error: 'unknown_source' });
    const binary = Buffer.alloc(size, Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x9f]));
    const binaryRes = await send(binary, 'application/octet-stream');
    expect(binaryRes.status).toBe(422);
    expect(await binaryRes.json()).toMatchObject({ error: 'unreadable_file' });
  }, 60_000);
});
