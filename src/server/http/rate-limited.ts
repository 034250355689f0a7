import { apiError } from './responses';

/** 429 with Retry-After and the wait in minutes a person can act on. */
export function rateLimited(retryAfterMs: number, what: string): Response {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return apiError(
    429,
    'rate_limited',
    `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) } },
  );
}
