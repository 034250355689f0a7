// Identical reads in the same moment are served once (issue 34): a person's phone, laptop and
// three open tabs all pull when one poke arrives, each with the same cookie, and each would read
// the same rows. While one read is under way, another with the same key waits for its answer
// instead of reading again. Nothing is kept once the read ends, so an answer is never older
// than the request that asked for it: the key holds the version the read stops at, which each
// request takes from its own snapshot first.

const underWay = new Map<string, Promise<unknown>>();
let shared = 0;

/** `work()`'s answer, or the answer of the identical read already under way. */
export function readOnce<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = underWay.get(key);
  if (running) {
    shared += 1;
    return running as Promise<T>;
  }
  const read = work().finally(() => underWay.delete(key));
  underWay.set(key, read);
  return read;
}

/** Reads answered from another request's read so far in this process (for the tests). */
export const readsShared = () => shared;
