/** A task run one at a time, with requests made during a run folded into one more run. */
export interface Coalesced {
  /** Asks for a run; resolves once a run that began after this call has finished. */
  run: () => Promise<void>;
  /** True from the first request until the last run ends (between runs too). */
  busy: () => boolean;
}

/**
 * Runs `task` one at a time: asked while it runs, it runs once more right after, and the caller
 * gets the promise of that later run, so a change made during a push always goes out before the
 * promise it was given resolves. The "run again?" check and the end of the run happen in one
 * synchronous step, so no request can slip between them and be lost (it used to, between the
 * loop's last check and the clean-up that let a new run start). `settled` runs after each
 * series of runs.
 */
export function coalesce(
  task: () => Promise<void>,
  shouldGoOn: () => boolean,
  settled: () => void = () => {},
): Coalesced {
  let running: Promise<void> | null = null;
  let again = false;

  async function loop(): Promise<void> {
    try {
      for (;;) {
        again = false;
        await task();
        if (!again || !shouldGoOn()) return;
      }
    } finally {
      running = null;
      settled();
    }
  }

  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      // Set before the task starts, so a request from its first synchronous steps is folded in.
      const promise = new Promise<void>((resolve, reject) => {
        queueMicrotask(() => void loop().then(resolve, reject));
      });
      running = promise;
      return promise;
    },
    busy: () => running !== null,
  };
}
