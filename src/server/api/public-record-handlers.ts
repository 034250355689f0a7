import { z } from 'zod';
import * as requests from '../../lib/contracts/public-api-requests';
import { openApiDocument } from '../../lib/public-api/openapi-document';
import { apiError, json } from '../http/responses';
import { tokenCaller } from '../public-api/bearer';
import { withRateHeaders } from '../public-api/rate-limits';
import { listRecords, readRecord, type PublicKind } from '../public-api/records';
import { decodeCursor, encodeCursor } from '../public-api/time-entries';
import type { HandlerContext } from './context';
import { entryIdOf } from './public-api-request';
import { parseQuery } from './read-queries';

// The public API's clients, projects, tasks and members, and its OpenAPI document (issue 50,
// docs/api.md "Public API").

/** The document by the address it names as its server, made once per address. */
const documents = new Map<string, string>();

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of this API; needs no token. */
export function handleOpenApiDocument(request: Request, ctx: HandlerContext): Promise<Response> {
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return Promise.resolve(query.response);
  const server = ctx.publicUrl ? new URL('/', ctx.publicUrl).href : '/';
  let text = documents.get(server);
  if (text === undefined) {
    text = JSON.stringify(openApiDocument(server));
    documents.set(server, text);
  }
  return Promise.resolve(
    new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }),
  );
}

// Clients, projects, tasks and members: list and read, as the person's role may see them.

/** GET /api/v1/{kind}s: a page of the records of a kind the token's person may see. */
const recordsHandler = (kind: PublicKind) =>
  withRateHeaders(async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const got = await tokenCaller(request, ctx, 'read');
    if ('response' in got) return got.response;
    const query = parseQuery(request, requests.recordsQuery);
    if (!query.ok) return query.response;
    const { cursor, limit } = query.value;
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && !after)
      return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
        fields: { cursor: 'Not a cursor this API gave' },
      });
    const page = await listRecords(
      ctx.database.db,
      got.caller.membership,
      kind,
      after,
      limit ?? requests.DEFAULT_PAGE,
    );
    return json(200, { data: page.data, nextCursor: page.next ? encodeCursor(page.next) : null });
  });

/** GET /api/v1/{kind}s/{id}: one record, or 404 when there is none the person may see. */
const recordHandler = (kind: PublicKind, label: string) =>
  withRateHeaders(async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const got = await tokenCaller(request, ctx, 'read');
    if ('response' in got) return got.response;
    const query = parseQuery(request, z.object({}).strict());
    if (!query.ok) return query.response;
    const recordId = entryIdOf(request);
    const found =
      recordId === null
        ? null
        : await readRecord(ctx.database.db, got.caller.membership, kind, recordId);
    if (!found) return apiError(404, 'not_found', `There is no ${label} with that id you may see.`);
    return json(200, { data: found.data }, { ETag: found.etag });
  });

export const handlePublicClients = recordsHandler('client');
export const handlePublicClient = recordHandler('client', 'client');
export const handlePublicProjects = recordsHandler('project');
export const handlePublicProject = recordHandler('project', 'project');
export const handlePublicTasks = recordsHandler('task');
export const handlePublicTask = recordHandler('task', 'task');
export const handlePublicMembers = recordsHandler('member');
export const handlePublicMember = recordHandler('member', 'team member');
