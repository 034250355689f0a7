import { sql } from 'drizzle-orm';
import { rowIdentity } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import { rows, type Runner } from '../sync/records';
import { fingerprintsFound, sha256 } from './seen-rows';

// Which rows of a file an earlier import wrote, asked a slice at a time as the preview reads
// the file (issue 32), with the fingerprints `importedBefore` (seen-rows.ts) gives over the
// whole file. A row's fingerprint carries its occurrence among identical rows before it, so
// the identities seen are counted: in a table of 64-bit keys (the first 64 bits of each
// identity's SHA-256), 12 bytes a distinct row at most twice over, instead of a map of every
// row's text. Two different rows meet on one key with a chance of about 1 in 10^8 for a file
// of 300,000 rows (50 MB): that would count the second as a repeat of the first, so it
// would be counted as imported before only if that repeat was.

/** Counts identities by a 64-bit key: each call answers how often the key was counted before. */
export function occurrenceCounter() {
  let size = 1 << 12;
  let keys = new Uint32Array(size * 2);
  // 0: an empty slot; else the occurrences counted.
  let counts = new Uint32Array(size);
  let used = 0;
  const slotOf = (high: number, low: number, inKeys: Uint32Array, inCounts: Uint32Array) => {
    const mask = inCounts.length - 1;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    while (inCounts[slot] !== 0 && (inKeys[slot * 2] !== high || inKeys[slot * 2 + 1] !== low))
      slot = (slot + 1) & mask;
    return slot;
  };
  const grow = () => {
    const [oldKeys, oldCounts] = [keys, counts];
    size *= 2;
    keys = new Uint32Array(size * 2);
    counts = new Uint32Array(size);
    for (let slot = 0; slot < oldCounts.length; slot += 1) {
      if (oldCounts[slot] === 0) continue;
      const high = oldKeys[slot * 2] ?? 0;
      const low = oldKeys[slot * 2 + 1] ?? 0;
      const to = slotOf(high, low, keys, counts);
      keys[to * 2] = high;
      keys[to * 2 + 1] = low;
      counts[to] = oldCounts[slot] ?? 0;
    }
  };
  /** `hex`: at least 16 hex digits (a SHA-256 in hex). */
  return (hex: string): number => {
    const high = parseInt(hex.slice(0, 8), 16) >>> 0;
    const low = parseInt(hex.slice(8, 16), 16) >>> 0;
    const slot = slotOf(high, low, keys, counts);
    const before = counts[slot] ?? 0;
    if (before === 0) {
      keys[slot * 2] = high;
      keys[slot * 2 + 1] = low;
      used += 1;
    }
    counts[slot] = before + 1;
    if (used * 2 > size) grow();
    return before;
  };
}

/**
 * A function that takes the file's entries a slice at a time, in order, and answers for each
 * whether an import into the workspace already wrote it. A workspace no import wrote to is
 * asked once, and its rows are not counted.
 */
export function importedInSteps(runner: Runner, workspaceId: string) {
  const occurrences = occurrenceCounter();
  let any: boolean | null = null;
  return async (entries: readonly ImportEntry[]): Promise<boolean[]> => {
    any ??=
      (
        await rows<{ one: number }>(
          runner,
          sql`SELECT 1 AS one FROM import_fingerprints WHERE workspace_id = ${workspaceId} LIMIT 1`,
        )
      ).length > 0;
    if (!any) return entries.map(() => false);
    const prints = entries.map((entry) => {
      const identity = rowIdentity(entry);
      return sha256(`${identity}#${occurrences(sha256(identity))}`);
    });
    const found = await fingerprintsFound(runner, workspaceId, prints);
    return prints.map((print) => found.has(print));
  };
}
