import { apiError, json } from '../http/responses';
import type { WriteAnswer } from '../public-api/idempotency';
import * as requests from '../../lib/contracts/public-api-requests';

// What the public API's handlers share (issue 50): reading a path's id, the Idempotency-Key
// and If-Match headers, and turning a write's answer into HTTP.

export const answerOf = (written: WriteAnswer): Response =>
  json(written.status, written.body, written.headers);

/** The entry id of /api/v1/time-entries/{id}, or null when it cannot be one. */
export function entryIdOf(request: Request): string | null {
  try {
    const parsed = requests.publicId.safeParse(
      decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? ''),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The ETags If-Match names, or the 428 to send without it. */
export function ifMatchOf(request: Request): { tags: string[] } | { response: Response } {
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
export function idempotencyKeyOf(request: Request): string | null | { response: Response } {
  const key = request.headers.get('idempotency-key');
  if (key === null || requests.idempotencyKeyPattern.test(key)) return key;
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
