import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupCommand, restoreCommand } from '../../src/server/backup/cli';
import { writeDump } from '../../src/server/backup/dump';
import { readLines, writeLines } from '../../src/server/backup/files';
import { parseBackup } from '../../src/server/backup/format';
import { restoreDump } from '../../src/server/backup/restore';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { migrations } from '../../src/server/db/migrations';
import { pullAll, rowCounts, seed, signIn, type Person } from './backup-support';
import { drivers } from './support';

const restoreFile = (database: Database, path: string) =>
  restoreDump(database, parseBackup(readLines(path)));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hourmark-backup-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(drivers)('backup files on $name', (driver) => {
  let source: Database;
  let file: string;
  let lines: string[];
  const cleanups: (() => Promise<void>)[] = [];

  async function fresh() {
    const { database, drop } = await driver.fresh();
    cleanups.push(drop);
    return database;
  }

  let target: Database;

  /** A damaged copy of the backup; restoring it must be refused and leave `target` empty. */
  async function refusedAndEmpty(name: string, bytes: Buffer | string, message: RegExp) {
    const path = join(dir, `${driver.name}-${name}`);
    await writeFile(path, bytes);
    await expect(restoreFile(target, path)).rejects.toThrow(message);
    expect(Object.values(await rowCounts(target)).every((n) => n === 0)).toBe(true);
  }

  beforeAll(async () => {
    source = await fresh();
    await seed(source);
    file = join(dir, `${driver.name}.json.gz`);
    await writeLines(file, (write) => writeDump(source, { kind: 'database' }, new Date(), write));
    lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    target = await fresh();
  });
  afterAll(async () => {
    for (const drop of cleanups) await drop();
  });

  it('writes a gzip file only its owner can read, whole or not at all', async () => {
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      format: 'hourmark-backup',
      version: 1,
      scope: { kind: 'database' },
      migrations: migrations.map((m) => m.id),
    });
    await expect(
      writeLines(file, (write) => writeDump(source, { kind: 'database' }, new Date(), write)),
    ).rejects.toThrow(`${file} already exists`);
    const missing = join(dir, `${driver.name}-missing.json.gz`);
    await expect(
      writeLines(missing, (write) =>
        writeDump(
          source,
          { kind: 'workspace', id: '00000000-0000-4000-8000-000000000000' },
          new Date(),
          write,
        ),
      ),
    ).rejects.toThrow('There is no workspace 00000000-0000-4000-8000-000000000000 here.');
    expect(existsSync(missing) || existsSync(`${missing}.partial`)).toBe(false);
  });

  it('restores from the file, gzipped or plain', async () => {
    const restored = await fresh();
    await restoreFile(restored, file);
    expect(await rowCounts(restored)).toEqual(await rowCounts(source));
    const plain = join(dir, `${driver.name}-plain.jsonl`);
    await writeFile(plain, `${lines.join('\n')}\n`);
    const again = await fresh();
    await restoreFile(again, plain);
    expect(await rowCounts(again)).toEqual(await rowCounts(source));
  });

  it('refuses a truncated or corrupt file and changes nothing', async () => {
    const bytes = await readFile(file);
    await refusedAndEmpty(
      'cut.json.gz',
      bytes.subarray(0, Math.floor(bytes.length * 0.6)),
      /ends in the middle of its gzip data: the file is truncated\./,
    );
    // Cut at a line break: every row parses and goes in, then the missing last line rolls all back.
    await refusedAndEmpty(
      'no-end.json.gz',
      gzipSync(`${lines.slice(0, -1).join('\n')}\n`),
      /The backup stops before its end: the file is truncated\./,
    );
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
    await refusedAndEmpty('flipped.json.gz', flipped, /the file is corrupt\./);
    const end = JSON.parse(lines.at(-1) ?? '') as { end: { rows: Record<string, number> } };
    end.end.rows['users'] = 3;
    await refusedAndEmpty(
      'miscounted.json.gz',
      gzipSync([...lines.slice(0, -1), JSON.stringify(end)].join('\n')),
      /The row counts at the end do not match the rows: the file is corrupt\./,
    );
    await refusedAndEmpty(
      'other.json',
      '{"hello":"world"}\n',
      /This file is not a Hourmark backup\./,
    );
    await refusedAndEmpty('empty.json.gz', gzipSync(''), /The file is empty\./);
    const header = JSON.parse(lines[0] ?? '') as { migrations: string[] };
    header.migrations.push('0099_from_the_future');
    await refusedAndEmpty(
      'newer.json.gz',
      gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')),
      /made by a newer Hourmark.*0099_from_the_future.*Upgrade Hourmark, then restore\./,
    );
  });
});

describe('npm run backup and npm run restore', () => {
  const postgres = drivers.find((d) => d.name === 'PostgreSQL');
  let dataDir: string;
  let asha: Person;
  let before: Awaited<ReturnType<typeof pullAll>>;

  beforeAll(async () => {
    dataDir = join(dir, 'data');
    const database = await openDatabase({ dataDir });
    ({ asha } = await seed(database));
    before = await pullAll(database, asha.cookie, asha.workspaceId);
    await database.close();
  });

  /** Runs one command, returning its exit code and what it printed. */
  async function run(command: typeof backupCommand, args: string[], env: NodeJS.ProcessEnv) {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await command(args, env);
      const text = [...out.mock.calls, ...err.mock.calls].map((c) => c.join(' ')).join('\n');
      return { code, text };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it('backs up DATA_DIR and restores it into an empty one, refusing a second time', async () => {
    const out = join(dir, 'cli.json.gz');
    const backup = await run(backupCommand, ['--out', out], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(backup.text).toContain(
      `Backed up the whole database from PGlite in ${dataDir} to ${out}.`,
    );
    expect(backup.text).toContain(
      'Rows: throttle 2, users 2, workspaces 2, api_tokens 1, change_log 4, clients 1, devices 2',
    );
    const other = join(dir, 'restored');
    const restored = await run(restoreCommand, [out], { DATA_DIR: other });
    expect(restored.code).toBe(0);
    expect(restored.text).toContain(`Restored the whole database from ${out}`);
    const again = await run(restoreCommand, [out], { DATA_DIR: other });
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/^Restore refused: This database already holds rows/);
    expect(again.text).toContain('Nothing was restored.');
    // Four runs of the commands, each a process opening PGlite: 8 s alone, past 20 s when busy.
  }, 60_000);

  it('refuses a workspace that is not a UUID, a missing database and a missing file, in words', async () => {
    const bad = await run(backupCommand, ['--workspace', 'mine'], { DATA_DIR: dataDir });
    expect(bad).toEqual({
      code: 1,
      text: 'Backup refused: --workspace must be a workspace id (a UUID), not mine.',
    });
    const nowhere = join(dir, 'nowhere');
    expect(await run(backupCommand, [], { DATA_DIR: nowhere })).toEqual({
      code: 1,
      text: `Backup refused: There is no database in ${nowhere} (DATA_DIR) to back up.`,
    });
    expect(existsSync(nowhere)).toBe(false);
    const none = await run(restoreCommand, [join(dir, 'nothing.json.gz')], { DATA_DIR: dataDir });
    expect(none.text).toBe(
      `Restore refused: There is no readable file at ${join(dir, 'nothing.json.gz')}.\nNothing was restored.`,
    );
  });

  it(`moves the installation with the documented command (into ${postgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const target = postgres ? await postgres.fresh() : null;
    const move = join(dir, 'move.json.gz');
    const into = target?.url ? `DATABASE_URL='${target.url}'` : `DATA_DIR='${join(dir, 'moved')}'`;
    const env = { ...process.env };
    delete env['DATABASE_URL'];
    const result = spawnSync(
      'sh',
      [
        '-c',
        `DATA_DIR='${dataDir}' npm run --silent backup -- --out '${move}' && ${into} npm run --silent restore -- '${move}'`,
      ],
      { env, encoding: 'utf8' },
    );
    expect(result.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Restored the whole database from ${move}`);
    const database = target?.database ?? (await openDatabase({ dataDir: join(dir, 'moved') }));
    try {
      expect(await pullAll(database, asha.cookie, asha.workspaceId)).toEqual(before);
      const cookie = await signIn(database, asha.email);
      expect(await pullAll(database, cookie, asha.workspaceId)).toEqual(before);
    } finally {
      await (target ? target.drop() : database.close());
    }
  }, 60_000);
});
