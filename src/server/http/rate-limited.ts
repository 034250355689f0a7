import { apiError } from './responses';

/** A wait in words a person can act on: seconds under a minute, then minutes. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 with Retry-After and the wait in words. */
export function rateLimited(retryAfterMs: number, what: string): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return apiError(429, 'rate_limited', `Too many ${what}. Try again in ${waitInWords(seconds)}.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}
