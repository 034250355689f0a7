import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fingerprints } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import { rows, type Runner } from '../sync/records';

// Which rows of a file an earlier import already wrote (issue 32): their fingerprints are in
// `import_fingerprints` (migration 0028).

/** SHA-256 in hex: the hash fingerprints are kept as. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Fingerprints asked for in one query: a bounded number of parameters, whatever the file's size. */
const PER_QUERY = 1000;

/** Those of `prints` an import into the workspace already wrote, asked `PER_QUERY` at a time. */
export async function fingerprintsFound(
  runner: Runner,
  workspaceId: string,
  prints: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < prints.length; start += PER_QUERY) {
    const some = prints.slice(start, start + PER_QUERY);
    const hits = await rows<{ fingerprint: string }>(
      runner,
      sql`SELECT fingerprint FROM import_fingerprints WHERE workspace_id = ${workspaceId} AND fingerprint IN (${sql.join(
        some.map((print) => sql`${print}`),
        sql`, `,
      )})`,
    );
    for (const hit of hits) found.add(hit.fingerprint);
  }
  return found;
}

/** The entries of `entries` whose fingerprint an import into the workspace already wrote. */
export async function importedBefore(
  runner: Runner,
  workspaceId: string,
  entries: readonly ImportEntry[],
): Promise<Set<ImportEntry>> {
  const prints = fingerprints(entries, sha256);
  const found = await fingerprintsFound(runner, workspaceId, prints);
  return new Set(entries.filter((_, i) => found.has(prints[i] ?? '')));
}
