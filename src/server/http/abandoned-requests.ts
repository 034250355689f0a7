/** How often at most the count of abandoned requests is written to the log. */
export const ABANDONED_SUMMARY_MS = 60_000;

/**
 * Whether a request failed because its client hung up before sending the whole body. That is
 * the client's doing, not a server error: it is counted, not logged with a stack.
 */
export function isAbandoned(request: Request, error: unknown): boolean {
  if (request.signal.aborted) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return error.name === 'AbortError' || (error.message === 'aborted' && code === 'ECONNRESET');
}

/** Counts abandoned requests; `note` is called once per request. */
export interface AbandonedRequests {
  note: () => void;
}

/**
 * A counter that logs one line per minute at most ("12 requests were abandoned by their clients
 * in the last minute"), so 450 slow sockets hanging up cost one log line, not 450 stack traces.
 * The first one is logged at once, so a single hang-up is still visible while debugging.
 */
export function abandonedRequests(
  log: (line: string) => void,
  now: () => number = Date.now,
  schedule: (run: () => void, ms: number) => void = (run, ms) => setTimeout(run, ms).unref(),
): AbandonedRequests {
  let pending = 0;
  let lastLogged = -Infinity;
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    if (pending === 0) return;
    log(
      `${pending} ${pending === 1 ? 'request was' : 'requests were'} abandoned by ${pending === 1 ? 'its client' : 'their clients'} before the body arrived (in the last minute).`,
    );
    pending = 0;
    lastLogged = now();
  };
  return {
    note: () => {
      pending += 1;
      const wait = lastLogged + ABANDONED_SUMMARY_MS - now();
      if (wait <= 0) flush();
      else if (!flushScheduled) {
        flushScheduled = true;
        schedule(flush, wait);
      }
    },
  };
}

let processWide: AbandonedRequests | null = null;
/** This process's counter, logging to stderr. */
export function processAbandonedRequests(): AbandonedRequests {
  processWide ??= abandonedRequests((line) => console.warn(line));
  return processWide;
}
