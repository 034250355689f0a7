import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { deleteTeam, saveTeam, teamsOf } from '../team/teams';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';
import { deleteTeamBody, teamBody } from './workspace-schemas';

/** GET /api/teams?workspace=…: every team with its members and leads (Admins). */
export async function handleTeams(request: Request, ctx: HandlerContext): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const caller = await memberOf(request, ctx, workspaceId, 'manageTeams');
  if ('response' in caller) return caller.response;
  return json(
    200,
    { teams: await teamsOf(ctx.database.db, workspaceId) },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/teams { workspaceId, id?, name, memberIds, leadIds }: creates or saves a team. */
export async function handleSaveTeam(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, teamBody);
  if (!body.ok) return body.response;
  const { workspaceId, ...team } = body.value;
  const caller = await memberOf(request, ctx, workspaceId, 'manageTeams');
  if ('response' in caller) return caller.response;
  const saved = await saveTeam(
    ctx.database.db,
    { workspaceId, userId: caller.membership.userId },
    team,
    ctx.now(),
  );
  if (!saved.ok)
    return apiError(400, 'invalid_request', saved.message, {
      fields: { [saved.field]: saved.message },
    });
  return json(team.id ? 200 : 201, { team: saved.team }, refreshed(caller.session, request, ctx));
}

/** POST /api/teams/delete { workspaceId, id }: the team goes; its members stay. */
export async function handleDeleteTeam(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, deleteTeamBody);
  if (!body.ok) return body.response;
  const caller = await memberOf(request, ctx, body.value.workspaceId, 'manageTeams');
  if ('response' in caller) return caller.response;
  const gone = await deleteTeam(
    ctx.database.db,
    { workspaceId: body.value.workspaceId, userId: caller.membership.userId },
    body.value.id,
    ctx.now(),
  );
  if (!gone)
    return apiError(400, 'invalid_request', 'There is no team with this id.', {
      fields: { id: 'There is no team with this id.' },
    });
  return json(204, null, refreshed(caller.session, request, ctx));
}
