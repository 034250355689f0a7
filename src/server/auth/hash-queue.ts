import { availableParallelism } from 'node:os';

/** Thrown when the queue is full; the caller answers 503 with Retry-After. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks are waiting');
  }
}

/** Runs CPU-heavy password work a few at a time, with a bounded line of waiters. */
export interface HashQueue {
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Checks running and waiting now (for tests and the bench). */
  load: () => { running: number; waiting: number };
}

/**
 * A semaphore with a bounded wait line. argon2 runs on libuv's thread pool, which also reads
 * static files; leaving threads and a core free keeps pages and session checks fast while a
 * login flood queues here, and past `maxWaiting` the flood is refused at once instead of piling up.
 */
export function createHashQueue(options: { concurrency: number; maxWaiting: number }): HashQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    const wake = waiting.shift();
    if (wake) {
      running += 1;
      wake();
    }
  };
  return {
    run: async <T>(work: () => Promise<T>): Promise<T> => {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw new HashQueueFull(1);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        next();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/** One hash at a time per spare core (1 on a 2-core machine), at most 32 waiting. */
export const hashQueue = createHashQueue({
  concurrency: Math.max(1, availableParallelism() - 1),
  maxWaiting: 32,
});
