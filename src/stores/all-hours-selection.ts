import { atom } from 'nanostores';
import { bulkPatches, type BulkChange } from '../lib/bulk-edit';
import type { LogFilter } from '../lib/log-filter';
import { allOlderLogs, loadOlderHours } from './all-hours-older';
import { $allHoursFilter, $allHoursLimit } from './all-hours';
import { clientProjectLabel } from './choices';
import { mergeServerLogs } from './older-logs';
import { $projects } from './projects-list';
import { $tasks } from './tasks';
import { patchTimeLogs, removeTimeLogs, timeLogById, type TimeLog } from './time-logs';
import type { WriteResult } from './unsaved-writes';

/** The logs ticked on /allHours (this page only: a selection is not worth keeping). */
export const $selectedLogIds = atom<ReadonlySet<string>>(new Set());

/** Ticks or unticks one log (an older one shown from the server joins the cache first). */
export function toggleLogSelected(log: TimeLog): void {
  const next = new Set($selectedLogIds.get());
  if (next.has(log.id)) next.delete(log.id);
  else {
    if (!timeLogById(log.id)) mergeServerLogs([log]);
    next.add(log.id);
  }
  $selectedLogIds.set(next);
}

/** Ticks exactly `logs` (shown older ones join the cache, as above). */
export function selectLogs(logs: readonly TimeLog[]): void {
  mergeServerLogs(logs.filter((log) => !timeLogById(log.id)));
  $selectedLogIds.set(new Set(logs.map((log) => log.id)));
}

/** Unticks everything. */
export function clearSelection(): void {
  $selectedLogIds.set(new Set());
}

/**
 * Ticks every log matching `filter`: the cached ones (`recent`) and every older one the server
 * holds, fetched page by page. False when the server could not be reached.
 */
export async function selectAllMatching(filter: LogFilter, recent: readonly TimeLog[]) {
  const older = await allOlderLogs(filter);
  if (!older) return false;
  // Older logs join the cache, so the edit or removal goes out as ordinary mutations.
  selectLogs([...recent, ...older]);
  return true;
}

/** After a change that touched logs older than the window, the server's figures again. */
function refreshOlder() {
  void import('./app-sync')
    .then(({ pushNow }) => pushNow())
    .then(() =>
      loadOlderHours($allHoursFilter.get(), $allHoursLimit.get(), { again: true, quiet: true }),
    );
}

/** The ticked logs the cache holds (all of them, once selected through this store). */
function selectedLogs(): TimeLog[] {
  return [...$selectedLogIds.get()].flatMap((id) => timeLogById(id) ?? []);
}

/** Applies `change` to every ticked log; says how many changed and carries the undo. */
export function editSelectedLogs(change: BulkChange): WriteResult & {
  changed: number;
  undo: () => WriteResult;
} {
  const tasks = $tasks.get();
  const patches = bulkPatches(selectedLogs(), change, {
    projectLabel: clientProjectLabel,
    taskName: (taskId) => tasks.find((t) => t.id === taskId)?.task ?? '',
    needsApproval: (projectId) =>
      $projects.get().find((p) => p.id === projectId)?.approval === true,
  });
  const result = patchTimeLogs(patches);
  refreshOlder();
  return {
    ...result,
    changed: patches.size,
    undo: () => {
      const undone = result.undo();
      refreshOlder();
      return undone;
    },
  };
}

/** Removes every ticked log; the selection empties and the undo brings them back. */
export function deleteSelectedLogs(): WriteResult & { removed: number; undo: () => WriteResult } {
  const ids = new Set(selectedLogs().map((log) => log.id));
  const result = removeTimeLogs(ids);
  clearSelection();
  refreshOlder();
  return {
    ...result,
    removed: ids.size,
    undo: () => {
      const undone = result.undo();
      refreshOlder();
      return undone;
    },
  };
}
