import type { PulledChange } from '../../lib/sync/rebase';
import type { Clock, OpenPokeSource, PokeSource } from './deps';

/** The rows of a change a poke carries (the server's src/server/sync/poke-delivery.ts). */
export interface PokePatch {
  /** The device has every row it may see up to here once it has pulled this far. */
  from: number;
  /** The version these rows bring it to. */
  to: number;
  changes: PulledChange[];
}

/** The JSON an event's `data` carries (a MessageEvent's), or null. */
function parsed<T>(event: Event): T | null {
  const data = (event as Partial<MessageEvent>).data as unknown;
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

const isPatch = (value: PokePatch | null): value is PokePatch =>
  value !== null &&
  Number.isSafeInteger(value.from) &&
  Number.isSafeInteger(value.to) &&
  Array.isArray(value.changes);

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
 * Holds `/sync/poke` open: `ready` comes on every (re)connection and asks for a pull; `changes`
 * brings the rows of a change this device may see, laid over the cache without a pull, and
 * `poke` says the workspace moved on in a way only a pull brings (the device pulls unless it is
 * there already). While the stream is open, it alone brings changes; only when the browser
 * has given up on it (the server answered 429 or 403, which EventSource does not read) does the
 * device pull, to learn what the server meant, and try the stream again every 30 s.
 */
export function createPokeStream(deps: {
  EventSource: OpenPokeSource | null;
  clock: Clock;
  url: (workspaceId: string) => string;
  pull: () => void;
  /** The server is at `version` (a plain poke): the device pulls unless its cookie is there. */
  poked: (version: number) => void;
  /** The rows of a change this device may see, to lay over its cache without a pull. */
  patched: (patch: PokePatch) => void;
  /** A notice for this person arrived (issue 31). */
  noticed?: () => void;
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
    // `ready` names the version the stream's rows follow from (servers before issue 47 do not):
    // a device already there need not pull again.
    opened.addEventListener('ready', (event) => {
      const ready = parsed<{ version?: unknown }>(event);
      if (typeof ready?.version === 'number') deps.poked(ready.version);
      else deps.pull();
    });
    // What cannot be read is treated as a plain "something changed": the device pulls.
    opened.addEventListener('poke', (event) => {
      const poke = parsed<{ version?: unknown }>(event);
      if (typeof poke?.version === 'number') deps.poked(poke.version);
      else deps.pull();
    });
    opened.addEventListener('notice', () => deps.noticed?.());
    opened.addEventListener('changes', (event) => {
      const patch = parsed<PokePatch>(event);
      if (isPatch(patch)) deps.patched(patch);
      else deps.pull();
    });
    opened.addEventListener('error', () => {
      if (opened === source && opened.readyState === CLOSED) deps.pull();
    });
    retry = clock.setInterval(() => {
      if (source === opened && opened.readyState === CLOSED && deps.mayRetry()) open(workspaceId);
    }, RETRY_MS);
  }

  return { open, close, dispose: close };
}
