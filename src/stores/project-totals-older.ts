import { atom, onMount } from 'nanostores';
import type { OlderFigures } from '../lib/project-rows';
import { fetchLogs, fetchProjectTotals } from './sync/server-reads';
import { mergeServerLogs, PULLED_EVENT, windowStart } from './older-logs';
import { approveTimeLog, timeLogById } from './time-logs';

/**
 * Each project's totals of the logs older than the browser's cache window, from the server's
 * stored figures; /projects adds the cached logs' figures to them. Asked when /projects opens
 * and again when the network comes back.
 */
export interface OlderProjectTotals {
  state: 'loading' | 'ready' | 'unavailable';
  before: string;
  byProject: ReadonlyMap<string, OlderFigures>;
  message: string;
}

export const $olderProjectTotals = atom<OlderProjectTotals>({
  state: 'loading',
  before: windowStart(),
  byProject: new Map(),
  message: '',
});

/** Asks the server again. */
export async function loadOlderProjectTotals(quiet = false): Promise<void> {
  const before = windowStart();
  const shown = $olderProjectTotals.get();
  // A quiet refresh (after a pull) keeps showing the figures it has until new ones come.
  if (!(quiet && shown.state === 'ready'))
    $olderProjectTotals.set({ ...shown, state: 'loading', before });
  const result = await fetchProjectTotals(before);
  if (quiet && !result.ok && $olderProjectTotals.get().state === 'ready') return;
  $olderProjectTotals.set(
    result.ok
      ? {
          state: 'ready',
          before,
          byProject: new Map(
            result.data.projects.map(
              ({
                projectId,
                logs,
                seconds,
                billableMinor,
                costMinor,
                expensesMinor,
                pendingLogIds,
              }) => [
                projectId,
                { logs, seconds, billableMinor, costMinor, expensesMinor, pendingLogIds },
              ],
            ),
          ),
          message: '',
        }
      : { state: 'unavailable', before, byProject: new Map(), message: result.message },
  );
}

onMount($olderProjectTotals, () => {
  void loadOlderProjectTotals();
  const again = () => void loadOlderProjectTotals();
  // A pull that brought changes (a rate, a log edited elsewhere) may have changed the sums.
  const refresh = () => void loadOlderProjectTotals(true);
  window.addEventListener('online', again);
  window.addEventListener(PULLED_EVENT, refresh);
  return () => {
    window.removeEventListener('online', again);
    window.removeEventListener(PULLED_EVENT, refresh);
  };
});

/**
 * Approves logs waiting on a project: those older than the cache are fetched into it first, so
 * the approval is an ordinary change of each log, synced like any other.
 */
export async function approvePendingLogs(
  projectId: string,
  ids: readonly string[],
): Promise<{ ok: true } | { ok: false; message: string }> {
  const missing = ids.filter((id) => !timeLogById(id));
  if (missing.length > 0) {
    const result = await fetchLogs({
      project: projectId,
      status: 'pending',
      before: $olderProjectTotals.get().before,
      limit: 5000,
    });
    if (!result.ok) return { ok: false, message: result.message };
    mergeServerLogs(result.data.logs);
  }
  for (const id of ids) if (timeLogById(id)) approveTimeLog(id);
  // The server's figures again once it has the approvals.
  void import('./app-sync')
    .then(({ pushNow }) => pushNow())
    .then(() => loadOlderProjectTotals(true));
  return { ok: true };
}
