import type { Answer } from '../../lib/contracts/shape';
import type { logsResponse, tagsResponse, totalsResponse } from '../../lib/contracts/reads';
import { apiError, json } from '../http/responses';
import { exportWorkspace } from '../sync/export';
import { projectTotals, queryLogs, workspaceTags } from '../sync/log-query';
import type { HandlerContext } from './context';
import { exportQuery, logsQuery, parseQuery, totalsQuery } from './read-queries';
import { refreshed, signedIn, unauthenticated } from './signed-in';

/**
 * What the browser asks the server for because its cache holds only recent logs: the whole
 * workspace as a file, older logs for /allHours and Track, and /projects' totals.
 */

const notMember = () => apiError(403, 'not_member', 'You are not a member of this workspace.');

/** GET /api/export?workspace=…: every record of the workspace as an "Export my data" file. */
export async function handleExport(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const query = parseQuery(request, exportQuery);
  if (!query.ok) return query.response;
  const now = ctx.now();
  const outcome = await exportWorkspace(
    ctx.database.db,
    session.user.id,
    query.value.workspace,
    now,
  );
  if (outcome.kind === 'forbidden') return notMember();
  return json(200, outcome.document, {
    'Content-Disposition': `attachment; filename="hourmark-export-${now.toISOString().slice(0, 10)}.json"`,
    ...refreshed(session, request, ctx),
  });
}

/** GET /api/logs?workspace=…&before=…&from=…: a page of logs with the totals of all matches. */
export async function handleLogs(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const query = parseQuery(request, logsQuery);
  if (!query.ok) return query.response;
  const q = query.value;
  const outcome = await queryLogs(ctx.database.db, session.user.id, {
    workspaceId: q.workspace,
    from: q.from,
    to: q.to,
    before: q.before,
    clientId: q.client,
    projectId: q.project,
    taskId: q.task,
    memberId: q.member,
    status: q.status,
    tag: q.tag,
    text: q.q,
    limit: q.limit ?? 200,
    offset: q.offset ?? 0,
    order: q.order,
  });
  if (outcome.kind === 'forbidden') return notMember();
  const { logs, totals, daySeconds } = outcome;
  return json(
    200,
    { logs, totals, daySeconds } satisfies Answer<typeof logsResponse>,
    refreshed(session, request, ctx),
  );
}

/** GET /api/totals?workspace=…&before=…: each project's sums of stored log figures. */
export async function handleTotals(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const query = parseQuery(request, totalsQuery);
  if (!query.ok) return query.response;
  const outcome = await projectTotals(
    ctx.database.db,
    session.user.id,
    query.value.workspace,
    query.value.before,
  );
  if (outcome.kind === 'forbidden') return notMember();
  return json(
    200,
    { projects: outcome.projects } satisfies Answer<typeof totalsResponse>,
    refreshed(session, request, ctx),
  );
}

/** GET /api/tags?workspace=…: every tag used on the workspace's logs. */
export async function handleTags(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const query = parseQuery(request, exportQuery);
  if (!query.ok) return query.response;
  const outcome = await workspaceTags(ctx.database.db, session.user.id, query.value.workspace);
  if (outcome.kind === 'forbidden') return notMember();
  return json(
    200,
    { tags: outcome.tags } satisfies Answer<typeof tagsResponse>,
    refreshed(session, request, ctx),
  );
}
