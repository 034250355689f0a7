import { sql } from 'drizzle-orm';
import { pendsWhenApprovalStarts } from '../../lib/approvals';
import { lockedUpTo } from '../../lib/workspace-rules';
import type { Membership } from './permissions';
import { rows, type Runner } from './records';

// Turning approval on for a project changes the rule for what comes next, not what its logs
// were (issue 47): a project without approval called each of them 'approved' though nobody
// reviewed it, so those logs become pending, as src/lib/approvals.ts decides and the browser
// does to its cache. They are written at the change's version, so a pull sends them with the
// project, and never through the policy: only an Admin may turn approval on.

const BATCH = 1000;

/** Makes the project's logs that approval now reviews pending; answers their ids. */
export async function pendLogsOnApprovalStart(
  ctx: { runner: Runner; membership: Membership; version: number; now: Date },
  projectId: string,
): Promise<string[]> {
  const { runner, membership, version, now } = ctx;
  const upTo = lockedUpTo(membership.rules, now);
  const approved = await rows<{ id: string; date: string | null; invoice: string | null }>(
    runner,
    sql`SELECT id, data->>'date' AS date, data->>'invoice' AS invoice FROM time_logs
      WHERE workspace_id = ${membership.workspaceId} AND project_id = ${projectId}
        AND NOT deleted AND data->>'status' = 'approved'`,
  );
  const ids = approved
    .filter((log) =>
      pendsWhenApprovalStarts(
        { status: 'approved', date: log.date ?? '', invoice: log.invoice },
        upTo,
      ),
    )
    .map((log) => log.id);
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH);
    await runner.execute(sql`
      UPDATE time_logs SET data = data || '{"status":"pending"}'::jsonb, version = ${version},
        updated_at = ${now.toISOString()}
      WHERE workspace_id = ${membership.workspaceId} AND id IN (${sql.join(
        batch.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  return ids;
}
