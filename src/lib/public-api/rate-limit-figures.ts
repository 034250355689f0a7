/**
 * The public API's rate limit per token (issue 50): `limit` requests per `windowMs`, refilled
 * evenly, so 600 at once and then 10 a second for as long as a script keeps that pace. Here in
 * lib because the OpenAPI document and the reference say it; counted by
 * src/server/public-api/rate-limits.ts.
 */
export const RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;
