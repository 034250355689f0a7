import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  publicMeResponse,
  timeEntriesPage,
  timeEntryResponse,
} from '../../lib/contracts/public-api';
import * as requests from '../../lib/contracts/public-api-requests';
import type { Answer } from '../../lib/contracts/shape';
import { users, workspaces } from '../db/schema';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { requestHash, writeEntry } from '../public-api/entry-writes';
import { answerOf, entryIdOf, idempotencyKeyOf, ifMatchOf } from './public-api-request';
import { tokenCaller } from '../public-api/bearer';
import { writeStatus, type StatusWrite } from '../public-api/entry-reviews';
import { withRateHeaders } from '../public-api/rate-limits';
import { decodeCursor, encodeCursor, listEntries, readEntry } from '../public-api/time-entries';
import type { HandlerContext } from './context';
import { parseQuery } from './read-queries';

// The public API's account and time-entry endpoints (issue 50, docs/api.md "Public API"). Each
// asks `tokenCaller` who the token acts as, today, and answers only what that role may see. The
// timer's are in public-timer-handlers.ts, the other kinds' and the document's in
// public-record-handlers.ts.

const id = requests.publicId;
export const { DEFAULT_PAGE, MAX_PAGE } = requests;
const entriesQuery = requests.entriesQuery;

/** GET /api/v1/me: the person the token acts as, their role and the workspace. */
async function publicMe(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicTimeEntries(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicTimeEntry(request: Request, ctx: HandlerContext): Promise<Response> {
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

/** POST /api/v1/time-entries: adds an entry; `date` and `durationSeconds` are enough. */
async function publicCreateEntry(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicUpdateEntry(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicDeleteEntry(request: Request, ctx: HandlerContext): Promise<Response> {
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

// Submitting and reviewing: the catalog's submitWeek and reviewLogs, bodies as they take them.

/** POST /api/v1/time-entries/submit and /review: one of the two commands, its body as it takes it. */
const statusHandler =
  (name: 'submitWeek' | 'reviewLogs', path: string) =>
  async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const got = await tokenCaller(request, ctx, 'write');
    if ('response' in got) return got.response;
    const key = idempotencyKeyOf(request);
    if (typeof key !== 'string' && key !== null) return key.response;
    const query = parseQuery(request, z.object({}).strict());
    if (!query.ok) return query.response;
    const schema = name === 'submitWeek' ? requests.submitEntriesBody : requests.reviewEntriesBody;
    const body = await parseBody(request, schema);
    if (!body.ok) return body.response;
    const args = body.value as StatusWrite['args'];
    return answerOf(
      await writeStatus(
        ctx.database.db,
        got.caller,
        {
          name,
          args,
          ...(key === null ? {} : { idempotency: { key, hash: requestHash('POST', path, args) } }),
        },
        ctx.now(),
      ),
    );
  };

/** POST /api/v1/time-entries/submit: sends entries for approval (submitWeek). */
export const handlePublicSubmitEntries = withRateHeaders(
  statusHandler('submitWeek', '/api/v1/time-entries/submit'),
);
/** POST /api/v1/time-entries/review: approves entries, or rejects them with a note (reviewLogs). */
export const handlePublicReviewEntries = withRateHeaders(
  statusHandler('reviewLogs', '/api/v1/time-entries/review'),
);

// Every answer to a counted token request carries the RateLimit headers (rate-limits.ts).
export const handlePublicMe = withRateHeaders(publicMe);
export const handlePublicTimeEntries = withRateHeaders(publicTimeEntries);
export const handlePublicTimeEntry = withRateHeaders(publicTimeEntry);
export const handlePublicCreateEntry = withRateHeaders(publicCreateEntry);
export const handlePublicUpdateEntry = withRateHeaders(publicUpdateEntry);
export const handlePublicDeleteEntry = withRateHeaders(publicDeleteEntry);
