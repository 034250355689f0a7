import type { AuditEntry } from '../../lib/contracts/workspace';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { lockedUpTo } from '../../lib/workspace-rules';
import type { Db } from '../db/connect';
import { auditLog } from '../db/schema';
import type { Membership } from './permissions';
import type { Fields, Runner } from './records';

/** Entries per page of the audit log. */
export const AUDIT_PAGE = 100;

/** The rules that protect a log, before or after a change: why a change to it is recorded. */
export function protectingRules(
  membership: Membership,
  now: Date,
  before: Fields | null,
  after: Fields | null,
  /** Whether the log's project asks for approval ('approved' means something only then). */
  approvalRequired: boolean,
): string[] {
  const rules: string[] = [];
  const upTo = lockedUpTo(membership.rules, now);
  const days = [before?.['date'], after?.['date']];
  if (upTo && days.some((day) => typeof day === 'string' && day <= upTo)) rules.push('locked');
  if (approvalRequired && before?.['status'] === 'approved') rules.push('approved');
  return rules;
}

/** Records a change to a protected log: who made it, when, and the log before and after. */
export async function recordAudit(
  runner: Runner,
  membership: Membership,
  entry: {
    kind: string;
    recordId: string;
    action: 'create' | 'update' | 'delete';
    rules: string[];
    before: Fields | null;
    after: Fields | null;
    /** Why, in the person's words, when they were asked. */
    reason?: string;
  },
  now: Date,
): Promise<void> {
  await runner.execute(sql`
    INSERT INTO audit_log (id, workspace_id, at, user_id, user_name, kind, record_id, action, rules, reason, before, after)
    SELECT ${randomUUID()}, ${membership.workspaceId}, ${now.toISOString()}, u.id, u.name,
      ${entry.kind}, ${entry.recordId}, ${entry.action}, ${entry.rules.join(',')}, ${entry.reason ?? null},
      ${entry.before === null ? null : JSON.stringify(entry.before)}::jsonb,
      ${entry.after === null ? null : JSON.stringify(entry.after)}::jsonb
    FROM users u WHERE u.id = ${membership.userId}`);
}

/** One entry as Admins read it: the audit contract's (src/lib/contracts/workspace.ts). */
export type { AuditEntry };
/** A record's fields as the jsonb column gives them back: JSON. */
type StoredFields = NonNullable<AuditEntry['before']>;

/** A page of the audit log, newest first, older than `before` when given. */
export async function auditEntries(
  db: Db,
  workspaceId: string,
  before: Date | null,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const found = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), before ? lt(auditLog.at, before) : undefined))
    .orderBy(desc(auditLog.at))
    .limit(AUDIT_PAGE + 1);
  const page = found.slice(0, AUDIT_PAGE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      userName: row.userName,
      kind: row.kind,
      recordId: row.recordId,
      action: row.action,
      rules: row.rules.split(',').filter(Boolean),
      reason: row.reason,
      before: row.before as StoredFields | null,
      after: row.after as StoredFields | null,
    })),
    next: found.length > AUDIT_PAGE ? (page.at(-1)?.at.toISOString() ?? null) : null,
  };
}
