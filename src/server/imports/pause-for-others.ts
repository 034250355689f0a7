// Work done in steps on the server (issue 32, the upload in steps) pauses between steps so the
// requests and I/O that waited run first: PGlite answers on this same thread.

/** Lets the event loop run what waits (requests, I/O) before the next step. */
export const pauseForOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
