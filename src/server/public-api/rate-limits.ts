import { sql } from 'drizzle-orm';
import { RATE_LIMIT } from '../../lib/public-api/rate-limit-figures';
import type { Db } from '../db/connect';
import { apiRateLimits } from '../db/schema';
import { apiError } from '../http/responses';
import { waitInWords } from '../http/rate-limited';

// Rate limits of the public API, per token (issue 50, docs/api.md "Rate limits per token"). Toggl's hourly
// quotas broke its clients' timer widgets; this limit is generous and smooth instead: 600
// requests a minute, all of them at once if a script likes (a burst), and then one every 100 ms
// (10 a second) for as long as it keeps that pace. A widget polling every few seconds never
// comes near it.
//
// The algorithm is GCRA (the generic cell rate algorithm, a token bucket kept as one instant):
// `tat` is when the token will have its whole allowance back. Each request moves it 100 ms later
// (from now, if it is already past); a request that would move it more than a minute ahead is
// refused and moves nothing. One INSERT … ON CONFLICT DO UPDATE decides and counts, so the count
// is shared by every server process on the database, and PostgreSQL's row lock lets exactly the
// allowance through when requests arrive at once. No transaction is held across anything else.

/** Milliseconds each request costs: 100, so 10 a second sustained. */
const COST_MS = RATE_LIMIT.windowMs / RATE_LIMIT.limit;
const PER_SECOND = 1000 / COST_MS;

/** What one request found: whether it passed, and the token's allowance after it. */
export interface RateState {
  passed: boolean;
  /** Requests that may still be sent right now. */
  remaining: number;
  /** Seconds until the whole allowance is back (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until the next request will pass (Retry-After when refused). */
  retryAfterSeconds: number;
}

/** Counts one request of a token at `now`, or refuses it: one statement. */
export async function countRequest(db: Db, tokenId: string, now: Date): Promise<RateState> {
  const at = now.getTime();
  // Both SET expressions read the row as it was (PostgreSQL evaluates them on the old row).
  const next = sql`greatest(api_rate_limits.tat, ${at}::bigint) + ${COST_MS}::bigint`;
  const fits = sql`${next} - ${at}::bigint <= ${RATE_LIMIT.windowMs}::bigint`;
  const [row] = await db
    .insert(apiRateLimits)
    .values({ tokenId, tat: at + COST_MS, passed: true })
    .onConflictDoUpdate({
      target: apiRateLimits.tokenId,
      set: {
        passed: fits,
        tat: sql`CASE WHEN ${fits} THEN ${next} ELSE api_rate_limits.tat END`,
      },
    })
    .returning({ tat: apiRateLimits.tat, passed: apiRateLimits.passed });
  return stateOf(Number(row?.tat ?? at), row?.passed ?? true, at);
}

/** The allowance left when the bucket is full again at `tat`, seen at `at`. */
function stateOf(tat: number, passed: boolean, at: number): RateState {
  const owed = Math.max(0, tat - at);
  return {
    passed,
    remaining: Math.max(0, Math.floor((RATE_LIMIT.windowMs - owed) / COST_MS)),
    resetSeconds: Math.ceil(owed / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((owed + COST_MS - RATE_LIMIT.windowMs) / 1000)),
  };
}

/** The headers every answer to a token request carries (draft-ietf-httpapi-ratelimit-headers). */
export function rateHeaders(state: RateState): Record<string, string> {
  return {
    'RateLimit-Limit': String(RATE_LIMIT.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
    'RateLimit-Policy': `${RATE_LIMIT.limit};w=${RATE_LIMIT.windowMs / 1000}`,
  };
}

/** 429 for a request over the allowance, with when to try again. */
export function overLimit(state: RateState): Response {
  return apiError(
    429,
    'rate_limited',
    `Too many requests with this access token: ${RATE_LIMIT.limit} a minute, ${PER_SECOND} a second sustained. Try again in ${waitInWords(state.retryAfterSeconds)}.`,
    { headers: { 'Retry-After': String(state.retryAfterSeconds), ...rateHeaders(state) } },
  );
}

// Each answer of a request counted here carries its headers. The handlers build their answers
// in many places, so tokenCaller notes the request's state and `withRateHeaders` adds the
// headers to whatever the handler answered, once, around the handler.
const counted = new WeakMap<Request, RateState>();

/** Remembers what the request's count found, for `withRateHeaders`. */
export function noteCounted(request: Request, state: RateState): void {
  counted.set(request, state);
}

type Handler<C> = (request: Request, ctx: C) => Promise<Response>;

/** The handler, with the RateLimit headers on every answer to a request that was counted. */
export function withRateHeaders<C>(handler: Handler<C>): Handler<C> {
  return async (request, ctx) => {
    const response = await handler(request, ctx);
    const state = counted.get(request);
    if (state)
      for (const [name, value] of Object.entries(rateHeaders(state)))
        response.headers.set(name, value);
    return response;
  };
}
