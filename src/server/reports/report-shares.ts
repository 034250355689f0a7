import { sql } from 'drizzle-orm';
import { newToken, secretMatches, splitToken } from '../auth/secret-tokens';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { reportShares, savedReports } from '../db/schema';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import { membershipOf } from '../sync/workspaces';
import { ownSavedReport, storedSpec } from './saved-reports';
import type { SavedReportSpec } from '../../lib/saved-report';

// Share links: a public, read-only view of a saved report. The token is random and stored
// hashed; a link expires, can be revoked, and shows only what its creator may see today,
// without rates, costs or amounts unless the creator chose to include them.

export { MAX_SHARE_DAYS } from '../../lib/saved-report';

export type ShareProblem = 'unknown' | 'expired' | 'revoked' | 'gone';

export const shareProblemMessage: Record<ShareProblem, string> = {
  unknown: 'This report link is not valid. Check that the whole link was copied.',
  expired: 'This report link has expired. Ask the person who shared it for a new one.',
  revoked: 'This report link was withdrawn by the person who shared it.',
  gone: 'This report is no longer shared: it was deleted, or its owner left the workspace.',
};

/** A new link to one of the caller's saved reports, valid for `days` (inside the command's commit). */
export async function createShare(
  db: Db,
  membership: Membership,
  input: { savedReportId: string; days: number; withAmounts: boolean },
  now: Date,
): Promise<
  | { ok: true; token: string; id: string; expiresAt: string }
  | { ok: false; status: 400 | 403; field: string; message: string }
> {
  if (!(await ownSavedReport(db, membership, input.savedReportId)))
    return {
      ok: false,
      status: 400,
      field: 'savedReportId',
      message: 'There is no saved report of yours with this id.',
    };
  if (input.withAmounts && !membership.seesAmounts)
    return {
      ok: false,
      status: 403,
      field: 'withAmounts',
      message: 'Your role does not include amounts, so a link of yours cannot show them.',
    };
  const { handle, token, secretHash } = newToken();
  const expiresAt = new Date(now.getTime() + input.days * 86_400_000).toISOString();
  await db.execute(
    sql`INSERT INTO report_shares (id, saved_report_id, secret_hash, with_amounts, created_at, expires_at)
      VALUES (${handle}, ${input.savedReportId}, ${secretHash}, ${input.withAmounts}, ${now.toISOString()}, ${expiresAt})`,
  );
  return { ok: true, token, id: handle, expiresAt };
}

/** Withdraws one of the caller's links, inside the command's commit; false when there is none. */
export async function revokeShare(tx: Db, membership: Membership, id: string, now: Date) {
  const done = await rows<RawRow<typeof reportShares, 'id'>>(
    tx,
    sql`UPDATE report_shares s SET revoked_at = coalesce(s.revoked_at, ${now.toISOString()})
      FROM saved_reports r WHERE s.id = ${id} AND r.id = s.saved_report_id
      AND r.workspace_id = ${membership.workspaceId} AND r.user_id = ${membership.userId}
      RETURNING s.id`,
  );
  return done.length > 0;
}

/** What a share link shows: the report as its creator may see it, amounts only if chosen. */
export interface OpenedShare {
  name: string;
  spec: SavedReportSpec;
  viewer: Membership;
}

/** The report behind `token`, or why it cannot be shown. */
export async function openShare(
  db: Db,
  token: string,
  now: Date,
): Promise<{ ok: true; share: OpenedShare } | { ok: false; problem: ShareProblem }> {
  const parts = splitToken(token);
  if (!parts) return { ok: false, problem: 'unknown' };
  const [found] = await rows<
    RawRow<typeof reportShares, 'secretHash' | 'withAmounts' | 'expiresAt' | 'revokedAt'> &
      RawRow<typeof savedReports, 'name' | 'spec' | 'workspaceId' | 'userId'>
  >(
    db,
    sql`SELECT s.secret_hash, s.with_amounts, s.expires_at, s.revoked_at, r.name, r.spec,
      r.workspace_id, r.user_id
      FROM report_shares s JOIN saved_reports r ON r.id = s.saved_report_id WHERE s.id = ${parts.handle}`,
  );
  if (!found || !secretMatches(parts.secret, found.secret_hash))
    return { ok: false, problem: 'unknown' };
  if (found.revoked_at !== null) return { ok: false, problem: 'revoked' };
  if (new Date(found.expires_at).getTime() <= now.getTime())
    return { ok: false, problem: 'expired' };
  const creator = await membershipOf(db, found.user_id, found.workspace_id);
  if (!creator) return { ok: false, problem: 'gone' };
  return {
    ok: true,
    share: {
      name: found.name,
      spec: storedSpec(found.spec),
      viewer: { ...creator, seesAmounts: creator.seesAmounts && found.with_amounts },
    },
  };
}
