import { sql } from 'drizzle-orm';
import type { ImportEntry } from '../../lib/import/entry';
import { rows, type Runner } from '../sync/records';

// Hourmark's own export imported into the workspace it came from (issue 32): its logs are
// there already under the ids the export gives them, with no fingerprint (no import wrote
// them). Such a log counts as imported before, as the upload through sync pushes kept them
// once (their ids were kept). A log deleted there since counts too: the file does not bring
// back what someone removed.

const PER_QUERY = 1000;

/** The entries of `entries` whose log (by its id in an Hourmark export) the workspace holds. */
export async function logsAlreadyHere(
  runner: Runner,
  workspaceId: string,
  entries: readonly ImportEntry[],
): Promise<Set<ImportEntry>> {
  const ids = entries.flatMap((e) => (e.hourmark ? [e.hourmark.id] : []));
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += PER_QUERY) {
    const some = ids.slice(start, start + PER_QUERY);
    const hits = await rows<{ id: string }>(
      runner,
      sql`SELECT id FROM time_logs WHERE workspace_id = ${workspaceId} AND id IN (${sql.join(
        some.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const hit of hits) found.add(hit.id);
  }
  return new Set(entries.filter((e) => e.hourmark && found.has(e.hourmark.id)));
}
