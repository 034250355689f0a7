import type { Clock, OpenPokeSource, PokeSource } from './deps';

/** EventSource.CLOSED: the browser has given up on the stream. */
const CLOSED = 2;
/** How often a device without a stream tries again (or, without EventSource, pulls). */
const RETRY_MS = 30_000;

/** The poke stream of the open workspace, while this tab leads. */
export interface PokeStream {
  open: (workspaceId: string) => void;
  close: () => void;
  dispose: () => void;
}

/**
 * Holds `/sync/poke` open: `ready` comes on every (re)connection and `poke` on every change, and
 * both ask for a pull. While the stream is open, pokes alone bring changes; only when the browser
 * has given up on it (the server answered 429 or 403, which EventSource does not read) does the
 * device pull, to learn what the server meant, and try the stream again every 30 s.
 */
export function createPokeStream(deps: {
  EventSource: OpenPokeSource | null;
  clock: Clock;
  url: (workspaceId: string) => string;
  pull: () => void;
  /** False once a problem (signed out, not a member) means asking again is pointless. */
  mayRetry: () => boolean;
}): PokeStream {
  const { clock } = deps;
  let source: PokeSource | null = null;
  let retry: unknown;

  function close(): void {
    source?.close();
    source = null;
    clock.clearInterval(retry);
    retry = undefined;
  }

  function open(workspaceId: string): void {
    close();
    const Open = deps.EventSource;
    if (!Open) {
      // No Server-Sent Events here: ask twice a minute instead.
      retry = clock.setInterval(deps.pull, RETRY_MS);
      deps.pull();
      return;
    }
    const opened = new Open(deps.url(workspaceId), { withCredentials: true });
    source = opened;
    opened.addEventListener('ready', deps.pull);
    opened.addEventListener('poke', deps.pull);
    opened.addEventListener('error', () => {
      if (opened === source && opened.readyState === CLOSED) deps.pull();
    });
    retry = clock.setInterval(() => {
      if (source === opened && opened.readyState === CLOSED && deps.mayRetry()) open(workspaceId);
    }, RETRY_MS);
  }

  return { open, close, dispose: close };
}
