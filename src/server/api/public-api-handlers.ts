import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isValidDay } from '../../lib/day';
import type {
  publicMeResponse,
  timeEntriesPage,
  timeEntryResponse,
} from '../../lib/contracts/public-api';
import type { Answer } from '../../lib/contracts/shape';
import { users, workspaces } from '../db/schema';
import { apiError, json } from '../http/responses';
import { tokenCaller } from '../public-api/bearer';
import { decodeCursor, encodeCursor, listEntries, readEntry } from '../public-api/time-entries';
import type { HandlerContext } from './context';
import { parseQuery } from './read-queries';

// The public API's first endpoints (issue 50, docs/api.md "Public API"). Each asks
// `tokenCaller` who the token acts as, today, and answers only what that role may see.

const day = z.string().refine(isValidDay, 'Must be a calendar date as YYYY-MM-DD');
const id = z
  .string()
  .min(1)
  .max(200, 'At most 200 characters')
  .refine((value) => !value.includes('\u0000'), 'Must not contain a NUL character');

/** Entries per page when the query does not say, and at most. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 500;

const entriesQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    projectId: id.optional(),
    memberId: id.optional(),
    cursor: z.string().max(400, 'Not a cursor this API gave').optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, 'Must be a whole number from 1 to 500')
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_PAGE, 'Must be a whole number from 1 to 500')
      .optional(),
  })
  .strict();

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
  const entry = parsed.success
    ? await readEntry(ctx.database.db, got.caller.membership, parsed.data)
    : null;
  if (!entry) return apiError(404, 'not_found', 'There is no time entry with that id you may see.');
  return json(200, { data: entry } satisfies Answer<typeof timeEntryResponse>);
}
