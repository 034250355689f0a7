import { sql } from 'drizzle-orm';
import { actionOf, type ActivityEvent, type ActivityLog } from '../../lib/activity';
import type { Membership } from '../sync/permissions';
import { rows, type Runner } from '../sync/records';
import { visibleCondition } from '../sync/visibility';
import { mayRead } from '../../lib/commands/workspace-reads';

// Activity from the change history (change_log, written by the one commit): each command on a
// log the person may see, and for Admins each invoice issued or voided; newest first.

/** Entries read per page of Activity. */
export const ACTIVITY_PAGE = 50;

interface EventRow {
  id: string;
  at: Date | string;
  user_name: string;
  command: string;
  details: unknown;
  logs: ActivityLog[] | string | null;
  invoice_number: string | null;
}

/** One page (from `offset`) of what happened that `membership` may see, of `memberId` if given. */
export async function activityOf(
  runner: Runner,
  membership: Membership,
  options: {
    memberId?: string;
    offset: number;
    /** How many entries to read (a page unless said). */
    limit?: number;
    /** Only what happened on these days (YYYY-MM-DD, in UTC), for a file. */
    days?: { from: string; to: string };
  },
): Promise<ActivityEvent[]> {
  const w = membership.workspaceId;
  const ofMember = options.memberId ? sql`AND l.member_id = ${options.memberId}` : sql``;
  const logsOf = sql`FROM jsonb_array_elements(c.records) r
    JOIN time_logs l ON l.workspace_id = c.workspace_id AND l.id = r->>'id'
    LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
    LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id
    LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id
    WHERE r->>'kind' = 'timeLog' AND ${visibleCondition(membership, 'timeLog', 'l')} ${ofMember}`;
  // Invoices are shown to whom the policy lets read them; a member's Activity is about their logs.
  const invoices =
    mayRead(membership, 'invoices') && !options.memberId
      ? sql`OR c.command IN ('issueInvoice', 'voidInvoice')`
      : sql``;
  const days = options.days
    ? sql`AND c.at >= ${options.days.from}::date AND c.at < ${options.days.to}::date + 1`
    : sql``;
  const found = await rows<EventRow>(
    runner,
    sql`SELECT c.id, c.at, c.user_name, c.command, c.details,
      (SELECT jsonb_agg(jsonb_build_object('id', l.id, 'date', l.date::text, 'seconds', l.seconds,
        'member', coalesce(m.data->>'name', ''), 'project', coalesce(p.data->>'projectName', ''),
        'task', coalesce(t.data->>'task', '')) ORDER BY l.date, l.id) ${logsOf}) AS logs,
      (SELECT i.number FROM invoices i WHERE i.workspace_id = c.workspace_id
        AND i.id = c.records->0->>'id' AND c.command IN ('issueInvoice', 'voidInvoice')) AS invoice_number
      FROM change_log c
      WHERE c.workspace_id = ${w} AND (EXISTS (SELECT 1 ${logsOf}) ${invoices}) ${days}
      ORDER BY c.version DESC, c.at DESC, c.id
      LIMIT ${options.limit ?? ACTIVITY_PAGE} OFFSET ${options.offset}`,
  );
  const events: ActivityEvent[] = [];
  for (const r of found) {
    const what = actionOf(r.command, r.details);
    if (!what) continue;
    const logs = typeof r.logs === 'string' ? (JSON.parse(r.logs) as ActivityLog[]) : r.logs;
    events.push({
      id: r.id,
      at: new Date(r.at).toISOString(),
      who: r.user_name,
      ...what,
      logs: logs ?? [],
      invoiceNumber: r.invoice_number,
    });
  }
  return events;
}
