// @ts-check
// Runs in a worker thread (workbook-thread.ts, issue 46): parses the first sheet of a workbook
// whose zip was already checked (no shared or overlapping entries, every entry inflating to its
// declared size within the cap, no run of text longer than a cell may hold). A workbook can
// still cost more memory to parse than its size suggests; here that ends this thread at its
// memory limit, not the server. Plain JavaScript so the built server can start it from its
// file as it is (neither Vite nor tsx is there to compile it).
import { parentPort, workerData } from 'node:worker_threads';
import { readSheet } from 'read-excel-file/universal';

/** @type {{ bytes: Uint8Array<ArrayBuffer> }} (a copy of the workbook's own, no more) */
const { bytes } = workerData;

readSheet(bytes.buffer, { trim: false }).then(
  (rows) => parentPort?.postMessage({ ok: true, rows }),
  () => parentPort?.postMessage({ ok: false }),
);
