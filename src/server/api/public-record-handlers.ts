import { z } from 'zod';
import * as requests from '../../lib/contracts/public-api-requests';
import { openApiDocument } from '../../lib/public-api/openapi-document';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { requestHash } from '../public-api/idempotency';
import { writeRecord } from '../public-api/record-writes';
import { tokenCaller } from '../public-api/bearer';
import { withRateHeaders } from '../public-api/rate-limits';
import { listRecords, readRecord, type PublicKind } from '../public-api/records';
import { ratesFromMinor } from '../../lib/public-api/money-fields';
import type { TokenCaller } from '../public-api/bearer';
import { decodeCursor, encodeCursor } from '../public-api/time-entries';
import type { HandlerContext } from './context';
import { answerOf, entryIdOf, idempotencyKeyOf, ifMatchOf } from './public-api-request';
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

// Clients, projects, tasks and members: create and change (archive is a change of `status`), each the
// catalog's command for the kind, run by writeRecord under the policy.

/** 400 beside `currency` when the body's amounts are in another currency than the workspace's. */
function otherCurrency(caller: TokenCaller, given: unknown): Response | null {
  const currency = caller.membership.currency ?? 'INR';
  if (given === undefined || given === currency) return null;
  const message = `This workspace counts money in ${currency}: send amounts in it, or leave currency out`;
  return apiError(400, 'invalid_request', 'Some fields are missing or invalid.', {
    fields: { currency: message },
  });
}

/** POST /api/v1/{kind}s: makes a record from the fields given and the kind's defaults. */
const createHandler =
  (kind: PublicKind) =>
  async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const got = await tokenCaller(request, ctx, 'write');
    if ('response' in got) return got.response;
    const key = idempotencyKeyOf(request);
    if (typeof key !== 'string' && key !== null) return key.response;
    const query = parseQuery(request, z.object({}).strict());
    if (!query.ok) return query.response;
    const body = await parseBody(request, requests.createRecordBody(kind));
    if (!body.ok) return body.response;
    const { currency, ...given } = body.value as Record<string, unknown>;
    const refused = otherCurrency(got.caller, currency);
    if (refused) return refused;
    const path = new URL(request.url).pathname;
    return answerOf(
      await writeRecord(
        ctx.database.db,
        got.caller,
        kind,
        {
          op: 'create',
          args: ratesFromMinor(kind, { ...requests.recordDefaults(kind), ...given }),
          ...(key === null
            ? {}
            : { idempotency: { key, hash: requestHash('POST', path, body.value) } }),
        },
        ctx.now(),
      ),
    );
  };

/** PATCH /api/v1/{kind}s/{id}: changes the named fields, when If-Match is current. */
const changeHandler =
  (kind: PublicKind, label: string) =>
  async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const got = await tokenCaller(request, ctx, 'write');
    if ('response' in got) return got.response;
    const recordId = entryIdOf(request);
    if (recordId === null)
      return apiError(404, 'not_found', `There is no ${label} with that id you may see.`);
    const match = ifMatchOf(request);
    if ('response' in match) return match.response;
    const query = parseQuery(request, z.object({}).strict());
    if (!query.ok) return query.response;
    const body = await parseBody(request, requests.changeRecordBody(kind));
    if (!body.ok) return body.response;
    const { currency, ...changes } = body.value as Record<string, unknown>;
    const refused = otherCurrency(got.caller, currency);
    if (refused) return refused;
    return answerOf(
      await writeRecord(
        ctx.database.db,
        got.caller,
        kind,
        { op: 'update', id: recordId, args: ratesFromMinor(kind, changes), ifMatch: match.tags },
        ctx.now(),
      ),
    );
  };

export const handlePublicCreateClient = withRateHeaders(createHandler('client'));
export const handlePublicUpdateClient = withRateHeaders(changeHandler('client', 'client'));
export const handlePublicCreateProject = withRateHeaders(createHandler('project'));
export const handlePublicUpdateProject = withRateHeaders(changeHandler('project', 'project'));
export const handlePublicCreateTask = withRateHeaders(createHandler('task'));
export const handlePublicUpdateTask = withRateHeaders(changeHandler('task', 'task'));
export const handlePublicCreateMember = withRateHeaders(createHandler('member'));
export const handlePublicUpdateMember = withRateHeaders(changeHandler('member', 'team member'));

export const handlePublicClients = recordsHandler('client');
export const handlePublicClient = recordHandler('client', 'client');
export const handlePublicProjects = recordsHandler('project');
export const handlePublicProject = recordHandler('project', 'project');
export const handlePublicTasks = recordsHandler('task');
export const handlePublicTask = recordHandler('task', 'task');
export const handlePublicMembers = recordsHandler('member');
export const handlePublicMember = recordHandler('member', 'team member');
