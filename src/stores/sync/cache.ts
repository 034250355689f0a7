import type { LocalRecords } from '../../lib/sync/local-records';
import type { Timer } from '../../lib/sync/rebase';
import { $clients } from '../clients-list';
import { $projects } from '../projects-list';
import { $tasks } from '../tasks-list';
import { $team } from '../team-list';
import { $timeLogs } from '../time-log-list';
import { kindDescriptions, recordKinds } from '../../lib/records/kinds';
import { $timer } from '../timer';
import { syncedLists } from '../local-changes';

/** The documented key of each list of LocalRecords (each kind's description names it). */
export const keyOfList = Object.fromEntries(
  recordKinds.map((kind) => [kindDescriptions[kind].list, kindDescriptions[kind].storageKey]),
) as Readonly<Record<keyof LocalRecords, string>>;

/** The cached records, as the stores hold them now. */
export function readCache(): LocalRecords {
  return {
    clients: $clients.get(),
    projects: $projects.get(),
    tasks: $tasks.get(),
    members: $team.get(),
    logs: $timeLogs.get(),
  };
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
