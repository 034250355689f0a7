import type { LocalRecords } from '../../lib/sync/local-records';
import type { Timer } from '../../lib/sync/rebase';
// Each kind's store list registers itself as a synced list under its documented key when it
// loads; these imports make sure every list is there before the cache is read.
import '../clients-list';
import '../projects-list';
import '../tasks-list';
import '../team-list';
import '../time-log-list';
import { kindDescriptions, recordKinds } from '../../lib/records/kinds';
import { $timer } from '../timer';
import { syncedLists } from '../local-changes';

/** The documented key of each list of LocalRecords (each kind's description names it). */
export const keyOfList = Object.fromEntries(
  recordKinds.map((kind) => [kindDescriptions[kind].list, kindDescriptions[kind].storageKey]),
) as Readonly<Record<keyof LocalRecords, string>>;

/** The cached records, as the stores hold them now. */
export function readCache(): LocalRecords {
  // Each kind's list, read from the synced list registered under its documented key.
  return Object.fromEntries(
    Object.entries(keyOfList).map(([list, key]) => [list, syncedLists.get(key)?.get() ?? []]),
  ) as LocalRecords;
}

/** Stores records that came from the server (not reported as changes); only lists that changed. */
export function writeCache(next: LocalRecords, timer?: Timer): void {
  const current = readCache();
  for (const name of Object.keys(keyOfList) as (keyof LocalRecords)[]) {
    if (next[name] === current[name]) continue;
    syncedLists.get(keyOfList[name])?.replace(next[name] as never[]);
  }
  if (timer && JSON.stringify(timer) !== JSON.stringify($timer.get())) $timer.set(timer);
}
