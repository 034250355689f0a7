import { atom, onMount } from 'nanostores';
import type { TimeLog } from '../lib/entities/time-log';
import type { LogFilter } from '../lib/log-filter';
import { windowStart } from './older-logs';
import type { LogTotals } from '../lib/sync/log-totals';
import { fetchLogs, fetchTags, type OlderLogsQuery } from './sync/server-reads';

/**
 * The part of /allHours older than the browser's cache window, from the server: a page of logs
 * (as many as the list draws) and the totals of every match. The newer part is the cache's.
 */
export interface OlderHours {
  /** 'none': the filter's dates lie inside the window, nothing to ask. */
  state: 'none' | 'loading' | 'ready' | 'unavailable';
  /** The window's first day: the server holds the logs before it. */
  before: string;
  logs: TimeLog[];
  totals: LogTotals | null;
  /** Seconds of every match on each older day the page shows. */
  daySeconds: Record<string, number>;
  message: string;
}

const idle = (before: string): OlderHours => ({
  state: 'none',
  before,
  logs: [],
  totals: null,
  daySeconds: {},
  message: '',
});

export const $olderHours = atom<OlderHours>(idle(windowStart()));

/** The server query for `filter`'s older part, or null when its dates need none. */
export function olderQuery(
  filter: LogFilter,
  before: string,
  limit: number,
): OlderLogsQuery | null {
  if (filter.from && filter.from >= before) return null;
  return {
    before,
    from: filter.from,
    to: filter.to,
    client: filter.clientId,
    project: filter.projectId,
    task: filter.taskId,
    member: filter.memberId,
    tag: filter.tag,
    q: filter.text?.trim(),
    limit: Math.min(limit, 5000),
  };
}

let asked = '';
let timer: ReturnType<typeof setTimeout> | undefined;

/** Asks the server for the older part of `filter` (typing waits a moment before it asks). */
export function loadOlderHours(
  filter: LogFilter,
  limit: number,
  /** `again`: ask even if nothing changed; `quiet`: keep showing what is there meanwhile. */
  { delay = 250, again = false, quiet = false } = {},
): void {
  const before = windowStart();
  const q = olderQuery(filter, before, limit);
  const key = JSON.stringify(q);
  if (key === asked && !again) return;
  asked = key;
  clearTimeout(timer);
  if (!q) {
    $olderHours.set(idle(before));
    return;
  }
  const shown = $olderHours.get();
  if (!(quiet && shown.state === 'ready')) $olderHours.set({ ...shown, state: 'loading', before });
  timer = setTimeout(() => {
    void fetchLogs(q).then((result) => {
      if (asked !== key) return;
      // A quiet refresh that fails keeps the figures it had.
      if (quiet && !result.ok && $olderHours.get().state === 'ready') return;
      $olderHours.set(
        result.ok
          ? { state: 'ready', before, ...result.data, message: '' }
          : { ...idle(before), state: 'unavailable', message: result.message },
      );
    });
  }, delay);
}

/** Every log of the older part, for the CSV export (pages of 5,000). */
export async function allOlderLogs(filter: LogFilter): Promise<TimeLog[] | null> {
  const before = windowStart();
  const q = olderQuery(filter, before, 5000);
  if (!q) return [];
  const logs: TimeLog[] = [];
  for (;;) {
    const result = await fetchLogs({ ...q, offset: logs.length });
    if (!result.ok) return null;
    logs.push(...result.data.logs);
    if (result.data.logs.length === 0 || logs.length >= result.data.totals.logs) return logs;
  }
}

// Asked again when the list is drawn anew (another visit to /allHours in this tab).
onMount($olderHours, () => () => {
  asked = '';
});

/** Tags of logs the cache does not hold (older ones), for the tag filter; asked on mount. */
export const $serverTags = atom<string[]>([]);

onMount($serverTags, () => {
  void fetchTags().then((result) => {
    if (result.ok) $serverTags.set(result.data.tags);
  });
});
