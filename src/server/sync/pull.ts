import type { PulledAccess } from '../../lib/contracts/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { rows, type Cursor } from './records';
import { changesPage } from './page-rows';
import { pageCacheOf } from './page-cache';
import { mayLeadTeams } from '../../lib/policy';
import { teamMembersOf } from './permissions';
import { membershipOf } from './workspaces';
import { readOnce } from './shared-reads';

/**
 * Rows per page of a pull. On PGlite a page holds the one connection while it is read, so pages
 * stay short (2,000 rows, about 20 ms). On PostgreSQL, while other pulls are under way (a team
 * reconnecting), pages hold 5,000: asking first which rows a page holds costs the database about
 * 10 ms a page whatever its rows (planning, and working out what the reader may see), so a
 * 1,000-member team's first pull is one page instead of two (issue 34). Alone, a device gets
 * 2,000-row pages there too, which come back sooner (a first pull of 50,000 logs took 24 % longer
 * in pages of 5,000).
 */
export const PULL_PAGE = { alone: 2000, busyPostgres: 5000 } as const;

/** Rows per page for a pull on `driver`, with or without other pulls under way. */
export const pullPageSize = (driver: 'pglite' | 'postgres', othersPulling: boolean): number =>
  driver === 'postgres' && othersPulling ? PULL_PAGE.busyPostgres : PULL_PAGE.alone;

/** What a pull came to. */
export type PullOutcome =
  | { kind: 'forbidden' }
  | {
      kind: 'ok';
      /** The version this pull brings the device to, once every page has arrived. */
      cookie: string;
      /** True when the device must replace its cache (first pull, or a cookie from elsewhere). */
      reset: boolean;
      /** Each changed row as the JSON of a `Change`, redacted for the caller, comma-separated. */
      changes: Buffer;
      /** Where the next page starts, or null when this was the last. */
      next: string | null;
      lastMutationIds: Record<string, number>;
      /** The caller's role and the workspace's rules, so the screens show what the role allows. */
      access: Access;
    };

/**
 * What the device needs to know about the caller's place in the workspace: the pull contract's
 * (src/lib/contracts/sync.ts), so what the server builds and what the browser checks are one.
 */
export type Access = PulledAccess;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** `{ clientId: lastMutationId }` from the JSON the database built (text on some drivers). */
function mutationIdsOf(value: unknown): Record<string, number> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed).map(([id, last]) => [id, Number(last)]));
}

/** A cursor from a previous page, or null when it is not one of ours. */
export function decodeCursor(value: string): Cursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Number.isSafeInteger((parsed as Cursor).version) &&
      typeof (parsed as Cursor).kind === 'string' &&
      typeof (parsed as Cursor).id === 'string'
    )
      return parsed as Cursor;
  } catch {
    // Not base64 JSON: the caller answers 400.
  }
  return null;
}

/**
 * The rows of a workspace changed since `cookie` that the caller may see (Replicache's pull), in
 * pages. `upTo` pins the version the pages belong to: the first page reads the workspace version
 * and later pages carry it, so changes that land meanwhile wait for the next pull.
 */
export async function pull(
  db: Db,
  userId: string,
  query: {
    workspaceId: string;
    cookie: number | null;
    upTo: number | null;
    cursor: Cursor | null;
    /** The first day of the device's cache window: a first pull sends no older logs. */
    logsFrom?: string | null;
  },
  pageSize: number = PULL_PAGE.alone,
  /** Whether other pulls are under way in the process (page-rows.ts `changesPage`). */
  othersPulling = false,
): Promise<PullOutcome> {
  const membership = await membershipOf(db, userId, query.workspaceId);
  if (!membership) return { kind: 'forbidden' };
  // The version and the devices' last applied mutations in one statement, so one snapshot: a
  // push committed between two reads would count as applied (the device drops it from its
  // outbox) while its change is newer than this pull carries, and the device would show the
  // older rows. Later pages read them again, newer maybe, so a device keeps the first page's.
  const [state] = await rows<{ version: string | number; clients: unknown }>(
    db,
    sql`SELECT w.version,
        (SELECT coalesce(json_object_agg(c.id, c.last_mutation_id), '{}'::json) FROM sync_clients c
          WHERE c.user_id = ${userId} AND c.workspace_id = ${query.workspaceId}) AS clients
      FROM workspaces w WHERE w.id = ${query.workspaceId}`,
  );
  const current = Number(state?.version ?? 0);
  const lastMutationIds = mutationIdsOf(state?.clients);
  const upTo = query.upTo !== null && query.upTo <= current ? query.upTo : current;
  // A cookie from the future (another database, a restored backup) means start over; so does
  // one from before what this member may see last changed (markVisibilityChanged).
  const reset =
    query.cookie === null || query.cookie > upTo || query.cookie < (membership.resetVersion ?? 0);
  const since = reset ? 0 : (query.cookie ?? 0);
  // The rows depend on who asks (their stopwatch, what their role may see) and on the range;
  // the same person's devices asking for the same range at once share one read.
  const readKey = JSON.stringify([
    userId,
    query.workspaceId,
    membership.role,
    membership.memberId,
    since,
    upTo,
    query.cursor,
    query.logsFrom ?? null,
    pageSize,
  ]);
  const page = await readOnce(readKey, () =>
    changesPage(
      db,
      {
        workspaceId: query.workspaceId,
        userId,
        membership,
        since,
        upTo,
        cursor: query.cursor,
        size: pageSize,
        logsFrom: query.logsFrom ?? null,
      },
      pageCacheOf(db),
      othersPulling,
    ),
  );
  return {
    kind: 'ok',
    cookie: String(upTo),
    reset,
    changes: page.changes,
    next: page.more && page.last ? encodeCursor(page.last) : null,
    lastMutationIds,
    access: {
      role: membership.role,
      memberId: membership.memberId,
      seesAmounts: membership.seesAmounts,
      rules: membership.rules,
      currency: membership.currency ?? 'INR',
      teamMembers: mayLeadTeams(membership)
        ? await teamMembersOf(db, query.workspaceId, membership.memberId)
        : null,
    },
  };
}
