import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrations as allMigrations } from '../db/migrations';
import { writeDump } from './dump';
import { readLines, writeLines } from './files';
import { BackupRefused, parseBackup, type Header, type Scope } from './format';
import { migrationsFor } from './migrations-check';
import { restoreDump, type RestoreSummary } from './restore';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the server's database is, as the server chooses it, without a password. */
function describe(config: ReturnType<typeof readConfig>): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** `users 3, workspaces 2; every other table empty.` */
function counted(rows: [string, number, string?][]): string {
  const filled = rows
    .filter(([, n]) => n > 0)
    .map(([table, n, more]) => `${table} ${n}${more ?? ''}`);
  const empty = rows.length - filled.length;
  const rest =
    empty === 0 ? '' : filled.length === 0 ? 'every table empty' : 'every other table empty';
  return `${filled.join(', ')}${filled.length && rest ? '; ' : ''}${rest}.`;
}

const what = (scope: Scope) =>
  scope.kind === 'database' ? 'the whole database' : `workspace ${scope.id}`;

/** `backups/hourmark-20261122T100000Z.json.gz`, or with `workspace-<id>-` for one workspace. */
export function defaultBackupPath(scope: Scope, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const kind = scope.kind === 'workspace' ? `workspace-${scope.id}-` : '';
  return `backups/hourmark-${kind}${stamp}.json.gz`;
}

/** Reports a refusal or failure in words and gives the exit code. */
function failed(action: 'Backup' | 'Restore', error: unknown): number {
  if (error instanceof BackupRefused) console.error(`${action} refused: ${error.message}`);
  else console.error(`${action} failed: ${error instanceof Error ? error.message : String(error)}`);
  if (action === 'Restore') console.error('Nothing was restored.');
  return 1;
}

/** `npm run backup [-- --workspace <uuid>] [-- --out <path>]`; resolves to the exit code. */
export async function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, workspace: { type: 'string' } },
    });
    if (values.workspace !== undefined && !UUID.test(values.workspace))
      throw new BackupRefused(
        `--workspace must be a workspace id (a UUID), not ${values.workspace}.`,
      );
    const scope: Scope = values.workspace
      ? { kind: 'workspace', id: values.workspace.toLowerCase() }
      : { kind: 'database' };
    const config = readConfig(env);
    if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION')))
      throw new BackupRefused(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
    const out = values.out ?? defaultBackupPath(scope, now);
    // No migrations here: a backup taken before an upgrade must hold the schema as it was.
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      migrations: [],
    });
    try {
      const summary = await writeLines(out, (write) => writeDump(database, scope, now, write));
      console.log(`Backed up ${what(scope)} from ${describe(config)} to ${out}.`);
      console.log(`Rows: ${counted(Object.entries(summary.rows))}`);
      console.log(
        'The file holds the hashes of passwords, sessions and API tokens: keep it as safe as the database.',
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    return failed('Backup', error);
  }
}

function report(file: string, header: Header, where: string, summary: RestoreSummary) {
  console.log(
    `Restored ${what(summary.scope)} from ${file} (backed up ${header.createdAt}) into ${where}.`,
  );
  const rows = Object.entries(summary.tables).map(
    ([table, { added, kept }]): [string, number, string?] =>
      kept > 0
        ? [table, added + kept, ` (${kept} already here, kept as they are)`]
        : [table, added],
  );
  console.log(`Rows: ${counted(rows)}`);
  if (summary.upgraded.length > 0)
    console.log(`Then applied this release's later migrations: ${summary.upgraded.join(', ')}.`);
}

/** `npm run restore -- <file>`; resolves to the exit code. */
export async function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const [file, ...others] = positionals;
    if (!file || others.length > 0)
      throw new BackupRefused('Name one backup file: npm run restore -- <file>.');
    // A first pass reads the whole file, so a damaged one is refused before the database opens.
    let header: Header | null = null;
    for await (const item of parseBackup(readLines(file)))
      if (item.kind === 'header') header = item.header;
    if (!header) throw new BackupRefused('The file is empty.');
    const wanted = migrationsFor(
      header,
      allMigrations.map((m) => m.id),
    );
    const config = readConfig(env);
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      migrations: allMigrations.slice(0, wanted.length),
    });
    try {
      const summary = await restoreDump(database, parseBackup(readLines(file)), allMigrations);
      report(file, header, describe(config), summary);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    return failed('Restore', error);
  }
}
