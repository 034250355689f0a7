import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { savedReportSpecSchema, type SavedReportSpec, type Schedule } from '../../lib/saved-report';
import { todayIn } from '../../lib/workspace-rules';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';

// A person's saved reports: only their creator lists, changes, shares or deletes one, and what
// it shows is always what its creator may see now (src/server/reports/detailed.ts).

export interface ShareView {
  id: string;
  withAmounts: boolean;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface SavedReportView {
  id: string;
  name: string;
  spec: SavedReportSpec;
  schedule: Schedule | null;
  createdAt: string;
  updatedAt: string;
  shares: ShareView[];
}

interface ReportRow {
  id: string;
  name: string;
  spec: unknown;
  schedule: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
interface ShareRow {
  id: string;
  saved_report_id: string;
  with_amounts: boolean;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A stored spec read back; one that no longer parses (an older shape) reads as this month. */
export function storedSpec(raw: unknown): SavedReportSpec {
  const parsed = savedReportSpecSchema.safeParse(raw);
  return parsed.success ? parsed.data : savedReportSpecSchema.parse({ range: 'this-month' });
}

/** The caller's saved reports in a workspace, by name, each with its share links. */
export async function savedReportsOf(db: Db, membership: Membership): Promise<SavedReportView[]> {
  const found = await rows<ReportRow>(
    db,
    sql`SELECT id, name, spec, schedule, created_at, updated_at FROM saved_reports
      WHERE workspace_id = ${membership.workspaceId} AND user_id = ${membership.userId}
      ORDER BY lower(name), id`,
  );
  if (found.length === 0) return [];
  const shares = await rows<ShareRow>(
    db,
    sql`SELECT s.id, s.saved_report_id, s.with_amounts, s.created_at, s.expires_at, s.revoked_at
      FROM report_shares s JOIN saved_reports r ON r.id = s.saved_report_id
      WHERE r.workspace_id = ${membership.workspaceId} AND r.user_id = ${membership.userId}
      ORDER BY s.created_at DESC`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    spec: storedSpec(r.spec),
    schedule: r.schedule === 'weekly' || r.schedule === 'monthly' ? r.schedule : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    shares: shares
      .filter((s) => s.saved_report_id === r.id)
      .map((s) => ({
        id: s.id,
        withAmounts: s.with_amounts,
        createdAt: iso(s.created_at),
        expiresAt: iso(s.expires_at),
        revokedAt: s.revoked_at === null ? null : iso(s.revoked_at),
      })),
  }));
}

/** One of the caller's saved reports, or null (someone else's reads as missing). */
export async function ownSavedReport(db: Db, membership: Membership, id: string) {
  const [row] = await rows<ReportRow>(
    db,
    sql`SELECT id, name, spec, schedule, created_at, updated_at FROM saved_reports
      WHERE id = ${id} AND workspace_id = ${membership.workspaceId} AND user_id = ${membership.userId}`,
  );
  return row ?? null;
}

/** What a person saves: a name, the report's spec and when it is mailed. */
export interface SavedReportInput {
  id?: string | undefined;
  name: string;
  spec: SavedReportSpec;
  schedule: Schedule | null;
}

/**
 * Creates (no `id`) or changes one of the caller's saved reports, inside the command's commit.
 * Setting a schedule records the workspace's day, so the first mail goes at the start of the
 * next week or month.
 */
export async function saveReport(
  db: Db,
  membership: Membership,
  input: SavedReportInput,
  now: Date,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const today = todayIn(membership.rules.timeZone, now);
  const spec = JSON.stringify(input.spec);
  if (input.id) {
    const existing = await ownSavedReport(db, membership, input.id);
    if (!existing) return { ok: false, message: 'There is no saved report of yours with this id.' };
    const rescheduled = existing.schedule !== input.schedule;
    await db.execute(
      sql`UPDATE saved_reports SET name = ${input.name}, spec = ${spec}::jsonb,
        schedule = ${input.schedule}, updated_at = ${now.toISOString()},
        scheduled_from = CASE WHEN ${rescheduled} THEN ${input.schedule ? today : null} ELSE scheduled_from END
        WHERE id = ${input.id}`,
    );
    return { ok: true, id: input.id };
  }
  const id = randomUUID();
  await db.execute(
    sql`INSERT INTO saved_reports (id, workspace_id, user_id, name, spec, schedule, scheduled_from, created_at, updated_at)
      VALUES (${id}, ${membership.workspaceId}, ${membership.userId}, ${input.name}, ${spec}::jsonb,
        ${input.schedule}, ${input.schedule ? today : null}, ${now.toISOString()}, ${now.toISOString()})`,
  );
  return { ok: true, id };
}

/** Deletes one of the caller's saved reports with its share links; false when there is none. */
export async function deleteSavedReport(tx: Db, membership: Membership, id: string) {
  const gone = await rows<{ id: string }>(
    tx,
    sql`DELETE FROM saved_reports WHERE id = ${id} AND workspace_id = ${membership.workspaceId}
      AND user_id = ${membership.userId} RETURNING id`,
  );
  return gone.length > 0;
}
