/** Every error the API can answer with, one shared union (STYLE.md). */
export type ErrorCode =
  | 'invalid_request'
  | 'email_taken'
  | 'invalid_credentials'
  | 'unauthenticated'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'malformed_address'
  | 'unknown_host'
  | 'aborted'
  | 'server_busy'
  | 'not_ready'
  | 'not_member'
  | 'foreign_client'
  | 'mutation_ids_reused'
  | 'too_many_workspaces'
  | 'too_many_tokens'
  | 'insufficient_scope'
  | 'two_credentials'
  | 'token_not_accepted'
  | 'precondition_failed'
  | 'precondition_required'
  | 'idempotency_key_reused'
  | 'already_exists'
  | 'too_many_streams'
  | 'invalid_token'
  | 'forbidden'
  | 'last_admin'
  | 'not_found'
  | 'unreadable_file'
  | 'unknown_source'
  | 'unknown_column'
  | 'unknown_person'
  | 'unknown_member'
  | 'unknown_project'
  | 'choose_date_format'
  | 'import_running'
  | 'import_exists'
  | 'already_undone'
  | 'undo_refused'
  | 'internal';

/**
 * A JSON response with no caching whose `field` is an array of values already written as JSON,
 * comma-separated, in UTF-8 (a pull's rows, built by the database), laid into `body` as they are.
 */
export function jsonWithRawArray(
  status: number,
  body: Record<string, unknown>,
  field: string,
  items: Buffer,
  headers: Record<string, string> = {},
): Response {
  const { [field]: _replaced, ...others } = body;
  const rest = JSON.stringify({ ...others, [field]: null });
  // `{ …, "field": null }` ends with the field, since it was added last: replace its null.
  const bytes = Buffer.concat([
    Buffer.from(`${rest.slice(0, -'null}'.length)}[`),
    items,
    Buffer.from(']}'),
  ]);
  return new Response(bytes, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** A JSON response with no caching. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** `{ error, message, fields? }` with the given status. */
export function apiError(
  status: number,
  error: ErrorCode,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  return json(
    status,
    { error, message, ...(extra.fields ? { fields: extra.fields } : {}) },
    extra.headers,
  );
}

/** 405 for a method an endpoint does not offer. */
export function methodNotAllowed(allowed: string): Response {
  return apiError(405, 'method_not_allowed', `Use ${allowed} for this address.`, {
    headers: { Allow: allowed },
  });
}
