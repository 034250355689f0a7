import type { Locks } from './deps';

/** Whether this tab is the one that syncs, and the lock that says so. */
export interface LeaderTab {
  /**
   * Asks to lead under `name`; `become` runs once this tab holds the lock (at once without Web
   * Locks). Asking again gives up what was asked or held before.
   */
  lead: (name: string, become: () => void) => void;
  /** Gives up leading, or waiting to lead; the next tab in line takes over. */
  stop: () => void;
  readonly leading: boolean;
  dispose: () => void;
}

/**
 * One tab per account and workspace leads (docs/architecture.md, "The sync loop"): it holds a
 * Web Lock named after the sync state key until it stops or closes, when the browser hands the
 * lock to the next tab waiting. Stopping while still waiting withdraws the request, so a tab
 * signed out in the meantime never starts to lead.
 */
export function createLeaderTab(deps: { locks: Locks | null }): LeaderTab {
  let leading = false;
  let waiting: AbortController | null = null;
  let release: (() => void) | null = null;

  function stop(): void {
    leading = false;
    waiting?.abort();
    waiting = null;
    release?.();
    release = null;
  }

  function lead(name: string, become: () => void): void {
    stop();
    if (!deps.locks) {
      leading = true;
      become();
      return;
    }
    const asked = new AbortController();
    waiting = asked;
    deps.locks
      .request(
        name,
        { signal: asked.signal },
        () =>
          new Promise<void>((resolve) => {
            // Granted after this request was withdrawn: hand the lock straight back.
            if (asked.signal.aborted || waiting !== asked) return resolve();
            waiting = null;
            release = resolve;
            leading = true;
            become();
          }),
      )
      // Withdrawn while waiting: the browser rejects the request with an AbortError.
      .catch(() => {});
  }

  return {
    lead,
    stop,
    get leading() {
      return leading;
    },
    dispose: stop,
  };
}
