import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  publicMeResponse,
  timeEntriesPage,
  timeEntryResponse,
  timerResponse,
} from '../../lib/contracts/public-api';
import * as requests from '../../lib/contracts/public-api-requests';
import { openApiDocument } from '../../lib/public-api/openapi-document';
import type { Answer } from '../../lib/contracts/shape';
import { users, workspaces } from '../db/schema';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { requestHash, writeEntry, type WriteAnswer } from '../public-api/entry-writes';
import { tokenCaller } from '../public-api/bearer';
import { decodeCursor, encodeCursor, listEntries, readEntry } from '../public-api/time-entries';
import { listRecords, readRecord, type PublicKind } from '../public-api/records';
import { readTimer, writeTimer } from '../public-api/timer';
import type { HandlerContext } from './context';
import { parseQuery } from './read-queries';

// The public API's first endpoints (issue 50, docs/api.md "Public API"). Each asks
// `tokenCaller` who the token acts as, today, and answers only what that role may see.

const id = requests.publicId;
export const { DEFAULT_PAGE, MAX_PAGE } = requests;
const entriesQuery = requests.entriesQuery;

/** GET /api/v1/me: the person the token acts as, their role and the workspace. */
export async function handlePublicMe(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const { membership, scope } = got.caller;
  const db = ctx.database.db;
  const [person] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, membership.userId));
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, membership.workspaceId));
  if (!person || !workspace) return apiError(404, 'not_found', 'The workspace no longer exists.');
  return json(200, {
    person,
    role: membership.role,
    memberId: membership.memberId,
    scope,
    workspace: {
      ...workspace,
      currency: membership.currency ?? 'INR',
      timeZone: membership.rules.timeZone,
    },
  } satisfies Answer<typeof publicMeResponse>);
}

/** GET /api/v1/time-entries: a page of the entries the token's person may see. */
export async function handlePublicTimeEntries(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const query = parseQuery(request, entriesQuery);
  if (!query.ok) return query.response;
  const { cursor, limit, ...filters } = query.value;
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (cursor !== undefined && !after)
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields: { cursor: 'Not a cursor this API gave' },
    });
  const page = await listEntries(
    ctx.database.db,
    got.caller.membership,
    filters,
    after,
    limit ?? DEFAULT_PAGE,
  );
  return json(200, {
    data: page.data,
    nextCursor: page.next ? encodeCursor(page.next) : null,
  } satisfies Answer<typeof timeEntriesPage>);
}

/** GET /api/v1/time-entries/{id}: one entry, or 404 when it does not exist for this person. */
export async function handlePublicTimeEntry(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return query.response;
  let entryId = '';
  try {
    entryId = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
  } catch {
    entryId = '';
  }
  const parsed = id.safeParse(entryId);
  const found = parsed.success
    ? await readEntry(ctx.database.db, got.caller.membership, parsed.data)
    : null;
  if (!found) return apiError(404, 'not_found', 'There is no time entry with that id you may see.');
  return json(200, { data: found.entry } satisfies Answer<typeof timeEntryResponse>, {
    ETag: found.etag,
  });
}

// The writes: bodies checked here with the catalog's own schemas, so a bad field is a 400
// beside it; then the command runs through writeEntry (execute's batch shape, as a push).

const createBody = requests.createEntryBody;
const changesBody = requests.changeEntryBody;
const idempotencyKey = requests.idempotencyKeyPattern;

const answerOf = (written: WriteAnswer): Response =>
  json(written.status, written.body, written.headers);

/** The entry id of /api/v1/time-entries/{id}, or null when it cannot be one. */
function entryIdOf(request: Request): string | null {
  try {
    const parsed = id.safeParse(
      decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? ''),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The ETags If-Match names, or the 428 to send without it. */
function ifMatchOf(request: Request): { tags: string[] } | { response: Response } {
  const header = request.headers.get('if-match');
  if (!header?.trim())
    return {
      response: apiError(
        428,
        'precondition_required',
        'Send If-Match with the ETag you read, so a change made meanwhile is never overwritten.',
      ),
    };
  return { tags: header.split(',').map((tag) => tag.trim()) };
}

/** The request's Idempotency-Key, null without one, or the 400 for a malformed one. */
function idempotencyKeyOf(request: Request): string | null | { response: Response } {
  const key = request.headers.get('idempotency-key');
  if (key === null || idempotencyKey.test(key)) return key;
  return {
    response: apiError(
      400,
      'invalid_request',
      'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      {
        fields: { 'Idempotency-Key': 'Use 1 to 255 visible ASCII characters, such as a UUID' },
      },
    ),
  };
}

/** POST /api/v1/time-entries: adds an entry; `date` and `durationSeconds` are enough. */
export async function handlePublicCreateEntry(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'write');
  if ('response' in got) return got.response;
  const key = idempotencyKeyOf(request);
  if (typeof key !== 'string' && key !== null) return key.response;
  const body = await parseBody(request, createBody);
  if (!body.ok) return body.response;
  const args = { memberId: got.caller.membership.memberId, ...body.value };
  return answerOf(
    await writeEntry(
      ctx.database.db,
      got.caller,
      {
        op: 'create',
        args,
        ...(key === null
          ? {}
          : {
              idempotency: { key, hash: requestHash('POST', '/api/v1/time-entries', body.value) },
            }),
      },
      ctx.now(),
    ),
  );
}

/** PATCH /api/v1/time-entries/{id}: changes the named fields, when If-Match is current. */
export async function handlePublicUpdateEntry(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'write');
  if ('response' in got) return got.response;
  const entryId = entryIdOf(request);
  if (entryId === null)
    return apiError(404, 'not_found', 'There is no time entry with that id you may see.');
  const match = ifMatchOf(request);
  if ('response' in match) return match.response;
  const body = await parseBody(request, changesBody);
  if (!body.ok) return body.response;
  return answerOf(
    await writeEntry(
      ctx.database.db,
      got.caller,
      {
        op: 'update',
        id: entryId,
        args: body.value,
        ifMatch: match.tags,
      },
      ctx.now(),
    ),
  );
}

/** DELETE /api/v1/time-entries/{id}: deletes the entry, when If-Match is current. */
export async function handlePublicDeleteEntry(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'write');
  if ('response' in got) return got.response;
  const entryId = entryIdOf(request);
  if (entryId === null)
    return apiError(404, 'not_found', 'There is no time entry with that id you may see.');
  const match = ifMatchOf(request);
  if ('response' in match) return match.response;
  return answerOf(
    await writeEntry(
      ctx.database.db,
      got.caller,
      { op: 'delete', id: entryId, ifMatch: match.tags },
      ctx.now(),
    ),
  );
}

/** GET /api/v1/timer: the token's person's stopwatch. */
export async function handlePublicTimer(request: Request, ctx: HandlerContext): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'read');
  if ('response' in got) return got.response;
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return query.response;
  const data = await readTimer(ctx.database.db, got.caller.membership, ctx.now());
  return json(200, { data } satisfies Answer<typeof timerResponse>);
}

/**
 * POST /api/v1/timer/start: starts the stopwatch now, for what the body names (startTimer's
 * entry; the body may be left out), saving a run already going first.
 */
export async function handlePublicStartTimer(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'write');
  if ('response' in got) return got.response;
  const key = idempotencyKeyOf(request);
  if (typeof key !== 'string' && key !== null) return key.response;
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return query.response;
  // No body at all is a run for nothing in particular, as ▶ with an empty form.
  const body =
    request.body === null
      ? { ok: true as const, value: requests.startTimerBody.parse({}) }
      : await parseBody(request, requests.startTimerBody);
  if (!body.ok) return body.response;
  const given: Record<string, unknown> = body.value;
  // The run is the person's own unless the body names another member (the policy judges that).
  const entry = { ...given, memberId: given['memberId'] ?? got.caller.membership.memberId };
  return answerOf(
    await writeTimer(
      ctx.database.db,
      got.caller,
      {
        op: 'start',
        entry,
        ...(key === null
          ? {}
          : { idempotency: { key, hash: requestHash('POST', '/api/v1/timer/start', given) } }),
      },
      ctx.now(),
    ),
  );
}

/** POST /api/v1/timer/stop: stops the stopwatch now and saves its run as entries. */
export async function handlePublicStopTimer(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const got = await tokenCaller(request, ctx, 'write');
  if ('response' in got) return got.response;
  const key = idempotencyKeyOf(request);
  if (typeof key !== 'string' && key !== null) return key.response;
  const query = parseQuery(request, z.object({}).strict());
  if (!query.ok) return query.response;
  return answerOf(
    await writeTimer(
      ctx.database.db,
      got.caller,
      {
        op: 'stop',
        ...(key === null
          ? {}
          : { idempotency: { key, hash: requestHash('POST', '/api/v1/timer/stop', null) } }),
      },
      ctx.now(),
    ),
  );
}

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
const recordsHandler =
  (kind: PublicKind) =>
  async (request: Request, ctx: HandlerContext): Promise<Response> => {
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
      limit ?? DEFAULT_PAGE,
    );
    return json(200, { data: page.data, nextCursor: page.next ? encodeCursor(page.next) : null });
  };

/** GET /api/v1/{kind}s/{id}: one record, or 404 when there is none the person may see. */
const recordHandler =
  (kind: PublicKind, label: string) =>
  async (request: Request, ctx: HandlerContext): Promise<Response> => {
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
  };

export const handlePublicClients = recordsHandler('client');
export const handlePublicClient = recordHandler('client', 'client');
export const handlePublicProjects = recordsHandler('project');
export const handlePublicProject = recordHandler('project', 'project');
export const handlePublicTasks = recordsHandler('task');
export const handlePublicTask = recordHandler('task', 'task');
export const handlePublicMembers = recordsHandler('member');
export const handlePublicMember = recordHandler('member', 'team member');
