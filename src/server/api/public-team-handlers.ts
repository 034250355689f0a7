import { z } from 'zod';
import type { tagsPage, teamResponse, teamsPage } from '../../lib/contracts/public-api';
import * as requests from '../../lib/contracts/public-api-requests';
import type { Answer } from '../../lib/contracts/shape';
import { workspaceReads } from '../../lib/commands/workspace-reads';
import { can } from '../../lib/policy';
import { apiError, json } from '../http/responses';
import { tokenCaller, type TokenCaller } from '../public-api/bearer';
import { withRateHeaders } from '../public-api/rate-limits';
import { decodeTagCursor, encodeTagCursor, listTags } from '../public-api/tags';
import { listTeams, readTeam } from '../public-api/teams';
import { decodeCursor, encodeCursor } from '../public-api/time-entries';
import type { HandlerContext } from './context';
import { entryIdOf } from './public-api-request';
import { parseQuery } from './read-queries';

// The public API's tags and teams (issue 50, docs/api.md "Tags and teams").

const badCursor = () =>
  apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
    fields: { cursor: 'Not a cursor this API gave' },
  });

/** GET /api/v1/tags: a page of the tags on the entries the token's person may see. */
async function publicTags(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const query = parseQuery(request, requests.recordsQuery);
  if (!query.ok) return query.response;
  const { cursor, limit } = query.value;
  const after = cursor === undefined ? null : decodeTagCursor(cursor);
  if (cursor !== undefined && after === null) return badCursor();
  const page = await listTags(
    ctx.database.db,
    got.caller.membership,
    after,
    limit ?? requests.DEFAULT_PAGE,
  );
  return json(200, {
    data: page.data,
    nextCursor: page.next === null ? null : encodeTagCursor(page.next),
  } satisfies Answer<typeof tagsPage>);
}

/** 403 with the policy's words when the person may not read teams (the Teams screen's rule). */
function teamsRefusal(caller: TokenCaller): Response | null {
  const why = can(caller.membership, workspaceReads.teams, 'workspace', {});
  return why === null ? null : apiError(403, 'forbidden', why);
}

/** GET /api/v1/teams: a page of the workspace's teams, with their members and leads. */
async function publicTeams(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const refused = teamsRefusal(got.caller);
  if (refused) return refused;
  const query = parseQuery(request, requests.recordsQuery);
  if (!query.ok) return query.response;
  const { cursor, limit } = query.value;
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (cursor !== undefined && !after) return badCursor();
  const page = await listTeams(
    ctx.database.db,
    got.caller.membership,
    after,
    limit ?? requests.DEFAULT_PAGE,
  );
  return json(200, {
    data: page.data,
    nextCursor: page.next ? encodeCursor(page.next) : null,
  } satisfies Answer<typeof teamsPage>);
}

/** GET /api/v1/teams/{id}: one team, or 404. */
async function publicTeam(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const refused = teamsRefusal(got.caller);
  if (refused) return refused;
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return query.response;
  const teamId = entryIdOf(request);
  const found =
    teamId === null ? null : await readTeam(ctx.database.db, got.caller.membership, teamId);
  if (!found) return apiError(404, 'not_found', 'There is no team with that id.');
  return json(200, { data: found } satisfies Answer<typeof teamResponse>);
}

// Every answer to a counted token request carries the RateLimit headers (rate-limits.ts).
export const handlePublicTags = withRateHeaders(publicTags);
export const handlePublicTeams = withRateHeaders(publicTeams);
export const handlePublicTeam = withRateHeaders(publicTeam);
