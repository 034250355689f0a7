import type { Answer } from '../../lib/contracts/shape';
import type { teamResponse, teamsResponse } from '../../lib/contracts/team';
import { apiError, json } from '../http/responses';
import { teamsOf } from '../team/teams';
import type { HandlerContext } from './context';
import { runCommand } from './run-command';
import { refreshed } from './signed-in';
import { readerOf } from './workspace-handlers';

/** GET /api/teams?workspace=…: every team with its members and leads (Admins). */
export async function handleTeams(request: Request, ctx: HandlerContext): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const caller = await readerOf(request, ctx, workspaceId, 'teams');
  if ('response' in caller) return caller.response;
  return json(
    200,
    { teams: await teamsOf(ctx.database.db, workspaceId) } satisfies Answer<typeof teamsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/teams { workspaceId, id?, name, memberIds, leadIds }: creates or saves a team. */
export async function handleSaveTeam(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'saveTeam');
  if ('response' in ran) return ran.response;
  const saved = ran.done.result;
  if (!saved.ok)
    return apiError(400, 'invalid_request', saved.message, {
      fields: { [saved.field]: saved.message },
    });
  return json(
    ran.args.id ? 200 : 201,
    { team: saved.team } satisfies Answer<typeof teamResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** POST /api/teams/delete { workspaceId, id }: the team goes; its members stay. */
export async function handleDeleteTeam(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'deleteTeam');
  if ('response' in ran) return ran.response;
  if (!ran.done.result)
    return apiError(400, 'invalid_request', 'There is no team with this id.', {
      fields: { id: 'There is no team with this id.' },
    });
  return json(204, null, refreshed(ran.session, request, ctx));
}
