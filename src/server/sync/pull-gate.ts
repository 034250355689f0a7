// Pulls one server process works on at once (issue 34). Past it, a pull is answered at once
// with 503 and a Retry-After of a few seconds, spread at random so the devices refused together
// do not come back together: a process that queued every pull of a reconnecting team would
// answer all of them late, and the devices would give up and ask again. Each process counts
// its own, since each has its own share of the database's connections.

/** Pulls under way per process, at most (HOURMARK_PULL_LIMIT overrides it, for the bench). */
export const PULL_LIMIT = Number(process.env['HOURMARK_PULL_LIMIT'] ?? '') || 48;

let underWay = 0;
let refused = 0;

/** Seconds a refused device waits: 1 to 4, at random. */
export const retryAfterSeconds = () => 1 + Math.floor(Math.random() * 4);

/**
 * Runs `work` when the process has room for another pull; null (answer 503) when it has not.
 */
export async function withinPullLimit<T>(work: () => Promise<T>, limit = PULL_LIMIT) {
  if (underWay >= limit) {
    refused += 1;
    return null;
  }
  underWay += 1;
  try {
    return { value: await work() };
  } finally {
    underWay -= 1;
  }
}

/** Pulls refused so far by this process (for /health and the bench). */
export const pullsRefused = () => refused;
