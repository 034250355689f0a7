import { atom, onMount } from 'nanostores';
import type { OlderFigures } from '../lib/project-rows';
import { fetchLogs, fetchProjectTotals } from './sync/server-reads';
import { mergeServerLogs, windowStart } from './sync/older-logs';
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
export async function loadOlderProjectTotals(): Promise<void> {
  const before = windowStart();
  $olderProjectTotals.set({ ...$olderProjectTotals.get(), state: 'loading', before });
  const result = await fetchProjectTotals(before);
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
  window.addEventListener('online', again);
  return () => window.removeEventListener('online', again);
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
  void import('./sync/engine').then(({ pushNow }) => pushNow()).then(loadOlderProjectTotals);
  return { ok: true };
}
