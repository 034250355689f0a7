import type { ZodType, ZodTypeDef } from 'zod';
import { apiError } from './responses';

/** Bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/** A parsed body, or the error response to send instead. */
export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The body's bytes, or null when it is larger than `limit`. */
export async function readBytes(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A message per field from a failed parse: under the first key (one message per group, as flat
 * forms show it) and, for a nested value, under its whole path too (`layout.manual.0.quantity`),
 * so a screen can show the message beside the very field, even inside a list.
 */
export function fieldMessages(
  issues: readonly { path: (string | number)[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    if (issue.path.length > 1) fields[issue.path.join('.')] ??= issue.message;
  }
  return fields;
}

/** Reads a JSON body (≤ 16 KB unless told) and validates it; every failure becomes a 4xx JSON response. */
export async function parseBody<T>(
  request: Request,
  schema: ZodType<T, ZodTypeDef, unknown>,
  limit = MAX_BODY_BYTES,
): Promise<BodyResult<T>> {
  const bytes = await readBytes(request, limit);
  const text = bytes?.toString('utf8') ?? null;
  if (text === null)
    return {
      ok: false,
      response: apiError(
        413,
        'payload_too_large',
        `The request body is larger than ${Math.round(limit / 1024)} KB.`,
      ),
    };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      ok: false,
      response: apiError(400, 'invalid_request', 'The request body must be JSON.', { fields: {} }),
    };
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = fieldMessages(result.error.issues);
    return {
      ok: false,
      response: apiError(400, 'invalid_request', 'Some fields are missing or invalid.', { fields }),
    };
  }
  return { ok: true, value: result.data };
}
