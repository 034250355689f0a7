import { AsyncLocalStorage } from 'node:async_hooks';

// How many zips and workbooks one process reads at once (issue 46). Each read may hold a
// workbook's parse (up to its worker's heap) and a zip's inflated entries (up to the cap), so a
// few uploads at once could still take the machine's memory; past the slots, reads wait in a
// short line, and past the line an upload is told the server is busy (503) rather than queued
// without end. An import's own job waits its turn instead (it was accepted already).

/** Reads that run at once in one process. */
export const ZIP_SLOTS = 2;
/** Reads that may wait for a slot before uploads are turned away. */
export const ZIP_LINE = 4;

let running = 0;
const line: (() => void)[] = [];

/** Thrown when every slot is taken and the line is full. */
export class ZipSlotsBusy extends Error {
  constructor() {
    super('Every slot for reading zips and workbooks is taken.');
  }
}

function release(): void {
  const next = line.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Set while an accepted import's job reads its file: its reads wait for a slot however long the
 * line (an AsyncLocalStorage, so the reads in between need not pass a flag along).
 */
const jobReads = new AsyncLocalStorage<true>();

/** Runs `read` (an import's job reading its file) with zip reads that wait, never refused. */
export const asJobRead = <T>(read: () => Promise<T>): Promise<T> => jobReads.run(true, read);

/**
 * Runs `read` in a slot: at once when one is free, else after the reads ahead of it; throws
 * ZipSlotsBusy at once when the line is full, unless an import's job reads (asJobRead).
 */
export async function inZipSlot<T>(read: () => Promise<T>): Promise<T> {
  const wait = jobReads.getStore() === true;
  if (running >= ZIP_SLOTS) {
    if (!wait && line.length >= ZIP_LINE) throw new ZipSlotsBusy();
    // The slot passes straight from the read that ends to this one (running stays the same).
    await new Promise<void>((resolve) => line.push(resolve));
  } else running += 1;
  try {
    return await read();
  } finally {
    release();
  }
}
