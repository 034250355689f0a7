import { z } from 'zod';
import type { Answer } from '../../lib/contracts/shape';
import type { createdTokenResponse, tokensResponse } from '../../lib/contracts/api-tokens';
import { checkText } from '../../lib/storable-text';
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/api-tokens';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import type { HandlerContext } from './context';
import { refreshed, signedIn, unauthenticated } from './signed-in';
import { memberOf } from './workspace-handlers';

// Personal access tokens (issue 50), made and revoked by a signed-in person on Account setting.
// A token acts as its maker in one workspace with whatever role they hold there at each request
// (src/server/public-api/bearer.ts); making one needs only membership, as signing in does.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/tokens */
const createTokenBody = z
  .object({
    workspaceId: z
      .string({ required_error: 'Choose a workspace' })
      .regex(UUID, 'Not a workspace id'),
    name: z
      .string({ required_error: 'Name the token', invalid_type_error: 'Must be text' })
      .trim()
      .min(1, 'Name the token')
      .max(100, 'At most 100 characters')
      .superRefine(checkText),
    scope: z.enum(['read', 'write'], {
      errorMap: () => ({ message: 'Choose read-only or read and write' }),
    }),
    expiresAt: z
      .string({ invalid_type_error: 'Must be a date and time' })
      .datetime({ offset: true, message: 'Must be a date and time with its offset' })
      .optional(),
  })
  .strict();

/** POST /api/tokens: makes a token; its secret is in this answer and nowhere else, ever. */
export async function handleCreateToken(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, createTokenBody);
  if (!body.ok) return body.response;
  const now = ctx.now();
  const expiresAt = body.value.expiresAt ? new Date(body.value.expiresAt) : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    return apiError(400, 'invalid_request', 'Some fields are missing or invalid.', {
      fields: { expiresAt: 'Choose a time in the future' },
    });
  const caller = await memberOf(request, ctx, body.value.workspaceId);
  if ('response' in caller) return caller.response;
  const made = await createApiToken(
    ctx.database.db,
    { userId: session.user.id, workspaceId: body.value.workspaceId },
    { name: body.value.name, scope: body.value.scope, expiresAt },
    now,
  );
  if (!made.ok)
    return apiError(
      409,
      'too_many_tokens',
      'You have 50 tokens that still work. Revoke one you no longer use first.',
    );
  return json(
    201,
    { id: made.id, token: made.token } satisfies Answer<typeof createdTokenResponse>,
    refreshed(session, request, ctx),
  );
}

/** GET /api/tokens: the caller's tokens that still work, without their secrets. */
export async function handleTokens(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const tokens = await listApiTokens(ctx.database.db, session.user.id, ctx.now());
  return json(
    200,
    { tokens } satisfies Answer<typeof tokensResponse>,
    refreshed(session, request, ctx),
  );
}

/** DELETE /api/tokens/{id}: revokes one of the caller's tokens; it stops at the next request. */
export async function handleRevokeToken(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const id = new URL(request.url).pathname.split('/').pop() ?? '';
  const revoked =
    UUID.test(id) && (await revokeApiToken(ctx.database.db, session.user.id, id, ctx.now()));
  if (!revoked) return apiError(404, 'not_found', 'You have no token by that id that still works.');
  return json(204, null, refreshed(session, request, ctx));
}
