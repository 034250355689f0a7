import { sql } from 'drizzle-orm';
import { rowIdentity } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import { rows, type Runner } from '../sync/records';
import type { IdentityFilter } from './identity-filter';
import { sha256 } from './seen-rows';

// An import's entries staged by position (migration 0031, issue 32): the upload writes them a
// slice at a time as it reads the file, and each batch of the job reads only its own, so no
// process holds every entry of a file, and a process that takes a job over does not read the
// file again. Each entry's fingerprint is written with it: the occurrence among identical rows
// (fingerprint.ts) is counted against the rows staged before, in the database, not in a map
// of every row of the file.

/** Identities asked for in one statement: a bounded number of parameters. */
const PER_QUERY = 500;

/**
 * Rows per INSERT: about 40 KB of JSON, a few milliseconds on PGlite, whose one connection the
 * pages asked for meanwhile wait for (the upload pauses after each, `between`).
 */
const PER_STATEMENT = 100;

/**
 * Stages `entries` as positions `from`, `from + 1`, … of import `importId`, in the file's order
 * (every entry before them staged already), each with the fingerprint `fingerprints` would give
 * it over the whole file. One statement to count the identities staged before (with `seen`,
 * the filter of every identity staged before, only those it may hold are counted, and none at
 * all when it certainly holds none), one per 100 rows to write, each followed by `between`
 * with the time it took.
 */
export async function stageEntries(
  runner: Runner,
  importId: string,
  from: number,
  entries: readonly ImportEntry[],
  now: Date,
  between: (tookMs: number) => Promise<void> = async () => {},
  seen?: IdentityFilter,
): Promise<void> {
  if (entries.length === 0) return;
  const identities = entries.map((entry) => {
    const text = rowIdentity(entry);
    return { text, hash: sha256(text) };
  });
  const distinct = [...new Set(identities.map((i) => i.hash))].filter(
    (hash) => !seen || seen.mayHave(hash),
  );
  // The occurrences staged before this slice, of the identities it holds.
  const before = new Map<string, number>();
  for (let start = 0; start < distinct.length; start += PER_QUERY) {
    const some = distinct.slice(start, start + PER_QUERY);
    const found = await rows<{ identity: string; n: number | string }>(
      runner,
      sql`SELECT identity, count(*) AS n FROM import_entries WHERE import_id = ${importId}
        AND identity IN (${sql.join(
          some.map((hash) => sql`${hash}`),
          sql`, `,
        )}) GROUP BY identity`,
    );
    for (const row of found) before.set(row.identity, Number(row.n));
  }
  const at = now.toISOString();
  // [identity, fingerprint, entry] a row: the rows of a statement travel as one JSON text,
  // one parameter instead of six a row (a quarter less CPU on PGlite, docs/bench.md).
  const staged = identities.map((identity, index) => {
    const occurrence = before.get(identity.hash) ?? 0;
    before.set(identity.hash, occurrence + 1);
    seen?.add(identity.hash);
    return [identity.hash, sha256(`${identity.text}#${occurrence}`), entries[index]] as const;
  });
  for (let start = 0; start < staged.length; start += PER_STATEMENT) {
    const began = performance.now();
    await runner.execute(sql`
      INSERT INTO import_entries (import_id, position, identity, fingerprint, entry, created_at)
      SELECT ${importId}::uuid, ${from + start}::integer + given.n::integer - 1, given.item->>0,
        given.item->>1, given.item->2, ${at}::timestamptz
      FROM jsonb_array_elements(${JSON.stringify(staged.slice(start, start + PER_STATEMENT))}::jsonb)
        WITH ORDINALITY AS given(item, n)`);
    await between(performance.now() - began);
  }
}

/** The staged entries of `importId` from position `from`, at most `count`, with their fingerprints. */
export async function stagedEntries(
  runner: Runner,
  importId: string,
  from: number,
  count: number,
): Promise<{ entries: ImportEntry[]; prints: string[] }> {
  const found = await rows<{ entry: ImportEntry | string; fingerprint: string }>(
    runner,
    sql`SELECT entry, fingerprint FROM import_entries WHERE import_id = ${importId}
      AND position >= ${from} AND position < ${from + count} ORDER BY position`,
  );
  return {
    // jsonb comes back parsed on both drivers; text only if a driver is set up otherwise.
    entries: found.map((row) =>
      typeof row.entry === 'string' ? (JSON.parse(row.entry) as ImportEntry) : row.entry,
    ),
    prints: found.map((row) => row.fingerprint),
  };
}

/** Removes the staged entries of `importId` (in the commit that ends it, or a failed upload). */
export async function deleteStagedEntries(runner: Runner, importId: string): Promise<void> {
  await runner.execute(sql`DELETE FROM import_entries WHERE import_id = ${importId}`);
}

/** Removes every entry staged before `before`, of imports ended or not, or of no import at all. */
export async function expireStagedEntries(runner: Runner, before: string): Promise<void> {
  await runner.execute(sql`DELETE FROM import_entries WHERE created_at < ${before}`);
}
