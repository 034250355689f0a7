import { z } from 'zod';
import type { timerResponse } from '../../lib/contracts/public-api';
import * as requests from '../../lib/contracts/public-api-requests';
import type { Answer } from '../../lib/contracts/shape';
import { parseBody } from '../http/body';
import { json } from '../http/responses';
import { tokenCaller } from '../public-api/bearer';
import { withRateHeaders } from '../public-api/rate-limits';
import { requestHash } from '../public-api/idempotency';
import { readTimer, writeTimer } from '../public-api/timer';
import type { HandlerContext } from './context';
import { answerOf, idempotencyKeyOf } from './public-api-request';
import { parseQuery } from './read-queries';

// The public API's timer (issue 50, docs/api.md "The timer"): the token's person's stopwatch,
// read, started and stopped through the catalog's timer commands (src/server/public-api/timer.ts).

/** GET /api/v1/timer: the token's person's stopwatch. */
async function publicTimer(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicStartTimer(request: Request, ctx: HandlerContext): Promise<Response> {
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
async function publicStopTimer(request: Request, ctx: HandlerContext): Promise<Response> {
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

// Every answer to a counted token request carries the RateLimit headers (rate-limits.ts).
export const handlePublicTimer = withRateHeaders(publicTimer);
export const handlePublicStartTimer = withRateHeaders(publicStartTimer);
export const handlePublicStopTimer = withRateHeaders(publicStopTimer);
