// Pulls one server process works on at once (issue 34). Past `running`, a pull waits its turn
// in line when the process expects to start it within `maxWaitMs` (from how long its recent
// pulls took); past that it is answered at once with 503 and a Retry-After of about as long as
// the line takes to clear, spread at random so the devices refused together do not come back
// together. A process that queued every pull of a reconnecting team would answer some of them
// later than anyone waits; one that only refused left its CPU idle while the refused devices
// waited out their Retry-After: with a line of a fixed 64, a 1,000-device reconnect settled in
// 52 s with 12,184 refusals, the server at 81 % of a core and the database at 42 %. Each process
// counts its own, since each has its own share of the database's connections.

/** What became of a pull at the gate. */
export type GateOutcome<T> = { value: T } | 'busy' | 'abandoned';

export interface PullGate {
  /**
   * Runs `work` when the process has room for another pull, at once or after a short wait in
   * line; 'busy' (answer 503) when the line is full or the wait ran out, 'abandoned' when the
   * device hung up while waiting (nothing was read for it).
   */
  enter: <T>(work: () => Promise<T>, signal?: AbortSignal) => Promise<GateOutcome<T>>;
  /** Pulls running and waiting now, and refused so far (for tests, /health and the bench). */
  load: () => { running: number; waiting: number; refused: number };
  /** Seconds a device refused now should wait before asking again (Retry-After). */
  retryAfter: () => number;
}

/** How much each finished pull moves the running mean of how long pulls take. */
const MEAN_WEIGHT = 0.1;

export function createPullGate(options: {
  running: number;
  /** The longest line, whatever the expected wait. */
  waiting: number;
  maxWaitMs: number;
  /**
   * How long a pull is taken to last before any has ended: a pull of a large first page among
   * `running` others (250 ms), so a line that forms at once is not longer than it can serve.
   */
  firstMeanMs?: number;
  /** A random number in [0, 1), for the spread of Retry-After. */
  random?: () => number;
}): PullGate {
  let running = 0;
  let refused = 0;
  let meanMs = options.firstMeanMs ?? 250;
  const random = options.random ?? Math.random;
  /** When the pull that would join the line now can expect to start, in ms. */
  const expectedWaitMs = () => Math.ceil((line.length + 1) / options.running) * meanMs;
  const line: { go: () => void }[] = [];
  const leave = (entry: (typeof line)[number]) => {
    const at = line.indexOf(entry);
    if (at >= 0) line.splice(at, 1);
  };
  /** A turn in line: true when the slot passed to it, false when it gave up. */
  const turn = (signal?: AbortSignal) =>
    new Promise<boolean | 'abandoned'>((resolve) => {
      const entry = {
        go: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abandon);
          resolve(true);
        },
      };
      const abandon = () => {
        clearTimeout(timer);
        leave(entry);
        resolve('abandoned');
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abandon);
        leave(entry);
        resolve(false);
      }, options.maxWaitMs);
      signal?.addEventListener('abort', abandon, { once: true });
      line.push(entry);
    });
  return {
    enter: async <T>(work: () => Promise<T>, signal?: AbortSignal): Promise<GateOutcome<T>> => {
      if (running < options.running) running += 1;
      else if (line.length >= options.waiting || expectedWaitMs() > options.maxWaitMs) {
        refused += 1;
        return 'busy';
      } else {
        const got = await turn(signal);
        if (got === 'abandoned') return 'abandoned';
        if (!got) {
          refused += 1;
          return 'busy';
        }
      }
      const began = performance.now();
      try {
        return { value: await work() };
      } finally {
        meanMs += (performance.now() - began - meanMs) * MEAN_WEIGHT;
        // The slot passes straight to the next in line, so `running` never exceeds the limit.
        const next = line.shift();
        if (next) next.go();
        else running -= 1;
      }
    },
    load: () => ({ running, waiting: line.length, refused }),
    retryAfter: () => {
      // About when the line has cleared (never counted past the longest wait in line): between
      // half that and that plus 3 s, at least 1 s.
      const clearS =
        Math.min(options.maxWaitMs, Math.ceil(line.length / options.running) * meanMs) / 1000;
      const from = Math.max(1, Math.floor(clearS / 2));
      const to = Math.ceil(clearS) + 3;
      return from + Math.floor(random() * (to - from + 1));
    },
  };
}

/** Pulls under way per process, at most (HOURMARK_PULL_LIMIT overrides it, for the bench). */
export const PULL_LIMIT = Number(process.env['HOURMARK_PULL_LIMIT'] ?? '') || 16;

/**
 * The process's gate: 16 pulls at once (enough to keep the database's 10 connections, or
 * PGlite's one, busy while others are sent), and a line of those it expects to start within
 * 8 s (well inside the 60 s a proxy waits for an answer by default), 1,024 at most.
 */
export const pullGate = createPullGate({
  running: PULL_LIMIT,
  waiting: PULL_LIMIT * 64,
  maxWaitMs: 8000,
});
