// Pulls one server process works on at once (issue 34). Past `running`, a pull waits its turn
// in a short line, as long as the line is short enough to be served within `maxWaitMs`; past
// that it is answered at once with 503 and a Retry-After of a few seconds, spread at random so
// the devices refused together do not come back together. A process that queued every pull of a
// reconnecting team would answer all of them late, and the devices would give up and ask again;
// one that only refused left its CPU idle while the refused devices waited out their Retry-After
// (a 1,000-device reconnect settled in 54 s with 11,777 refusals, the server at 69 % of a core).
// Each process counts its own, since each has its own share of the database's connections.

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
}

export function createPullGate(options: {
  running: number;
  waiting: number;
  maxWaitMs: number;
}): PullGate {
  let running = 0;
  let refused = 0;
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
      else if (line.length >= options.waiting) {
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
      try {
        return { value: await work() };
      } finally {
        // The slot passes straight to the next in line, so `running` never exceeds the limit.
        const next = line.shift();
        if (next) next.go();
        else running -= 1;
      }
    },
    load: () => ({ running, waiting: line.length, refused }),
  };
}

/** Pulls under way per process, at most (HOURMARK_PULL_LIMIT overrides it, for the bench). */
export const PULL_LIMIT = Number(process.env['HOURMARK_PULL_LIMIT'] ?? '') || 16;

/**
 * The process's gate: 16 pulls at once (enough to keep the database's 10 connections, or
 * PGlite's one, busy while others are sent), 64 more in line for at most 2 s.
 */
export const pullGate = createPullGate({
  running: PULL_LIMIT,
  waiting: PULL_LIMIT * 4,
  maxWaitMs: 2000,
});

/** Seconds a refused device waits: 1 to 4, at random. */
export const retryAfterSeconds = () => 1 + Math.floor(Math.random() * 4);
