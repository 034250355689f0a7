import type { Access } from '../../lib/abilities';
import type { MutationResult } from '../../lib/sync/mutations';
import type { PendingMutation, PulledChange } from '../../lib/sync/rebase';
import { pullPage, pushResponse, type PullPage } from '../../lib/contracts/sync';
import { workspacesResponse } from '../../lib/contracts/workspace';
import { requestApi, type AnswerSchema, type ApiInit, type ApiResult } from '../api';
import type { Clock } from './deps';

/** One page of GET /sync/pull (docs/api.md). */
export type { PullPage };

/** A whole pull: every page's changes, and the first page's `lastMutationIds`. */
export interface Pulled {
  cookie: string;
  reset: boolean;
  changes: PulledChange[];
  /** Read with the version the pages are pinned to, so they confirm what those pages carry. */
  acknowledged: Record<string, number>;
  access: Access;
}

/** A workspace the person belongs to, as GET /sync/workspaces lists it. */
export interface WorkspaceChoice {
  id: string;
  name: string;
}

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/** The sync calls over HTTP: push, pull, the workspace list and the poke stream's address. */
export interface Transport {
  push: (
    workspaceId: string,
    clientId: string,
    batch: PendingMutation[],
  ) => Promise<ApiResult<{ results: MutationResult[] }>>;
  pull: (
    workspaceId: string,
    cookie: string | null,
    logsFrom: string,
  ) => Promise<{ ok: true; pulled: Pulled } | Failure>;
  workspaces: () => Promise<ApiResult<{ workspaces: WorkspaceChoice[] }>>;
  pokeUrl: (workspaceId: string) => string;
  /** Abandons calls under way (their answers are no longer wanted). */
  dispose: () => void;
}

/** Builds the sync calls on `fetch` (the wire format is the server's, docs/api.md). */
export function createTransport(deps: { fetch: typeof fetch; apiBase: string }): Transport {
  const underWay = new Set<AbortController>();

  async function call<T>(
    path: string,
    schema: AnswerSchema<T>,
    init: ApiInit = {},
  ): Promise<ApiResult<T>> {
    const abort = new AbortController();
    underWay.add(abort);
    try {
      return await requestApi(deps.fetch, deps.apiBase, path, schema, {
        ...init,
        signal: abort.signal,
      });
    } finally {
      underWay.delete(abort);
    }
  }

  return {
    push: (workspaceId, clientId, batch) =>
      call('/sync/push', pushResponse, {
        // Closing the tab right after a change still delivers it.
        keepalive: true,
        body: {
          workspaceId,
          clientId,
          mutations: batch.map(({ id, name, args }) => ({ id, name, args })),
        },
      }),
    async pull(workspaceId, cookie, logsFrom) {
      const changes: PulledChange[] = [];
      let first: PullPage | null = null;
      let page: PullPage | null = null;
      let cursor: string | null = null;
      do {
        // A first pull brings the logs of the cache window only; older ones stay on the server.
        const query = new URLSearchParams({ workspace: workspaceId, logsFrom });
        if (cookie) query.set('cookie', cookie);
        if (page && cursor) {
          query.set('upTo', page.cookie);
          query.set('cursor', cursor);
        }
        const result = await call(`/sync/pull?${query.toString()}`, pullPage);
        if (!result.ok) return result;
        page = result.data;
        // Later pages may read newer ids, for mutations whose changes only the next pull carries.
        first ??= page;
        changes.push(...page.changes);
        cursor = page.next;
      } while (cursor);
      return {
        ok: true,
        pulled: {
          cookie: page.cookie,
          reset: page.reset,
          changes,
          acknowledged: first.lastMutationIds,
          access: page.access,
        },
      };
    },
    workspaces: () => call('/sync/workspaces', workspacesResponse),
    pokeUrl: (workspaceId) =>
      `${deps.apiBase}/sync/poke?workspace=${encodeURIComponent(workspaceId)}`,
    dispose() {
      for (const abort of underWay) abort.abort();
      underWay.clear();
    },
  };
}

/** Whether a failed call is worth trying again later (no network, the server busy or failing). */
export const worthRetrying = (result: { status: number }): boolean =>
  result.status === 0 || result.status >= 500 || result.status === 429;

/** Waits between tries after network failures: doubling from `first` up to `max`. */
export interface Backoff {
  /** Runs `retry` after the current wait, and doubles the next one. */
  schedule: (retry: () => void) => void;
  /** The network answered: the next failure waits the shortest time again. */
  reset: () => void;
  /** Drops a scheduled try. */
  cancel: () => void;
  /** Milliseconds the next `schedule` waits. */
  next: () => number;
}

/** Retries with doubling waits, 1 s to 60 s (docs/architecture.md, "The sync loop"). */
export function createBackoff(clock: Clock, first = 1000, max = 60_000): Backoff {
  let delay = first;
  let timer: unknown;
  const cancel = () => {
    clock.clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(retry) {
      cancel();
      timer = clock.setTimeout(() => {
        timer = undefined;
        retry();
      }, delay);
      delay = Math.min(delay * 2, max);
    },
    reset: () => {
      delay = first;
    },
    cancel,
    next: () => delay,
  };
}
