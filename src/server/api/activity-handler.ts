import type { Answer } from '../../lib/contracts/shape';
import type { activityResponse } from '../../lib/contracts/reads';
import { z } from 'zod';
import { checkText } from '../../lib/storable-text';
import { apiError, json } from '../http/responses';
import { activityOf } from '../reports/activity';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';

const activityQuery = z
  .object({
    workspace: z.string().uuid(),
    // A NUL would fail the query in PostgreSQL as a 500 (issue 46), even past the middleware.
    member: z.string().min(1).max(200).superRefine(checkText).optional(),
    offset: z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number)
      .optional(),
  })
  .strict();

/**
 * GET /api/activity?workspace=…[&member=…][&offset=n]: what happened to the logs the caller may
 * see (and, for Admins, invoices), newest first, 50 at a time (docs/api.md, Activity).
 */
export async function handleActivity(request: Request, ctx: HandlerContext): Promise<Response> {
  const parsed = activityQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return apiError(
      400,
      'invalid_request',
      'Give a workspace id, and optionally a member and an offset.',
    );
  const caller = await memberOf(request, ctx, parsed.data.workspace);
  if ('response' in caller) return caller.response;
  const events = await activityOf(ctx.database.db, caller.membership, {
    ...(parsed.data.member ? { memberId: parsed.data.member } : {}),
    offset: parsed.data.offset ?? 0,
  });
  return json(
    200,
    { events } satisfies Answer<typeof activityResponse>,
    refreshed(caller.session, request, ctx),
  );
}
