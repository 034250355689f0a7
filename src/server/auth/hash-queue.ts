import { availableParallelism } from 'node:os';
import { serverConfig } from '../config';

/** Thrown when too many password operations are under way; the caller answers 503 with Retry-After. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks are under way');
  }
}

/** Admission and pacing for password work, per process. */
export interface HashQueue {
  /**
   * Admits a whole password operation (its database reads and writes and its hash) or throws
   * HashQueueFull at once, before it costs anything: a flood is refused for the price of parsing.
   */
  admit: <T>(operation: () => Promise<T>) => Promise<T>;
  /** Runs one hash when a hashing slot is free. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Operations admitted and hashes running now (for tests and the bench). */
  load: () => { admitted: number; hashing: number };
}

/**
 * argon2 runs on libuv's thread pool, which also reads static files, and takes a core for ~20 ms.
 * Hashing `concurrency` at a time leaves threads and a core for pages and session checks; admitting
 * at most `maxAdmitted` operations keeps a flood's database work from filling the connection pool
 * that `/user/me` and the app's other requests need.
 */
export function createHashQueue(options: { concurrency: number; maxAdmitted: number }): HashQueue {
  let admitted = 0;
  let hashing = 0;
  const waiting: (() => void)[] = [];
  return {
    admit: async <T>(operation: () => Promise<T>): Promise<T> => {
      if (admitted >= options.maxAdmitted) throw new HashQueueFull(1);
      admitted += 1;
      try {
        return await operation();
      } finally {
        admitted -= 1;
      }
    },
    run: async <T>(work: () => Promise<T>): Promise<T> => {
      if (hashing >= options.concurrency)
        await new Promise<void>((resolve) => waiting.push(resolve));
      else hashing += 1;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next waiter, so `hashing` never exceeds the limit.
        const next = waiting.shift();
        if (next) next();
        else hashing -= 1;
      }
    },
    load: () => ({ admitted, hashing }),
  };
}

/**
 * One hash at a time per spare core (1 on a 2-core machine), at most 16 password operations under
 * way on PostgreSQL and 4 on PGlite, whose queries all run on the server's main thread and would
 * otherwise hold up `/user/me` (scripts/front-door.mjs turns the rest away before they reach
 * Astro; this is the same limit for servers without that front door, such as `astro dev`).
 */
export const hashQueue = createHashQueue({
  concurrency: Math.max(1, availableParallelism() - 1),
  maxAdmitted: serverConfig().databaseUrl ? 16 : 4,
});
