import type { z } from 'zod';

/** Where `/user/*` calls go: same origin unless the static site is hosted apart from the API. */
const apiBase: string = (import.meta.env.PUBLIC_API_URL as string | undefined) ?? '';

/** The outcome of an API call, never thrown: network failures are a result too. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      error: string;
      message: string;
      fields?: Record<string, string>;
      retryAfter?: number;
      /** The error's whole JSON body, for answers that carry more (an import's `columns`). */
      body?: unknown;
    };

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
}

function describeStatus(status: number): string {
  if (status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
  if (status >= 500) return 'The server had a problem. Please try again in a moment.';
  return 'Something went wrong. Please try again.';
}

/** How a call is made: method, JSON body or file, and whether it must outlive the tab. */
export interface ApiInit {
  method?: string;
  body?: unknown;
  file?: Blob;
  /** A multipart form (a file with fields beside it); the browser writes its Content-Type. */
  form?: FormData;
  keepalive?: boolean;
  signal?: AbortSignal;
}

/**
 * What a successful answer must look like: a schema from src/lib/contracts, whose parse the
 * result carries. An answer that does not match is an error result, never data (issue 48).
 */
export type AnswerSchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

/** Calls the account API with the session cookie and returns the answer parsed by `schema`. */
export function callApi<T>(
  path: string,
  schema: AnswerSchema<T>,
  init: ApiInit = {},
): Promise<ApiResult<T>> {
  // Read at call time, so a test's stand-in for `fetch` is the one used.
  return requestApi((input, options) => fetch(input, options), apiBase, path, schema, init);
}

/**
 * `callApi` with the fetch and the API's origin given: the sync engine is built from its
 * dependencies, so two engines in one test process each talk to their own server.
 */
export async function requestApi<T>(
  fetcher: typeof fetch,
  base: string,
  path: string,
  schema: AnswerSchema<T>,
  init: ApiInit = {},
): Promise<ApiResult<T>> {
  let response: Response;
  const payload = init.body === undefined ? null : JSON.stringify(init.body);
  const headers: Record<string, string> = init.form
    ? {}
    : init.file
      ? { 'Content-Type': init.file.type || 'application/octet-stream' }
      : init.body === undefined
        ? {}
        : { 'Content-Type': 'application/json' };
  try {
    response = await fetcher(`${base}${path}`, {
      method: init.method ?? (init.body === undefined && !init.file && !init.form ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      // A file (an upload) goes as it is, not as JSON.
      body: init.form ?? init.file ?? payload,
      // A request that must finish even if the tab closes; browsers allow 64 KB of those.
      keepalive: init.keepalive === true && (payload?.length ?? 0) < 60_000,
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    return networkFailure();
  }
  // A body cut off (the connection dropped, or the call was abandoned) reads as no body.
  const text = await response.text().catch(() => '');
  return apiResultOf(response.status, text, response.headers.get('Retry-After'), schema);
}

/** The answer to a call that never reached the server. */
export function networkFailure(): Extract<ApiResult<never>, { ok: false }> {
  return {
    ok: false,
    status: 0,
    error: 'network',
    message: 'Cannot reach Hourmark. Check your internet connection and try again.',
  };
}

/**
 * The answer to a call whose successful answer this bundle cannot read (a server older or newer
 * than the page, a proxy's page in its place): shown like any other error, never as data.
 */
export function badResponse(status: number): Extract<ApiResult<never>, { ok: false }> {
  return {
    ok: false,
    status,
    error: 'bad_response',
    message:
      'The server sent an answer this page cannot read. Reload the page; if it persists, tell support.',
  };
}

/** The URL of an API path, as `callApi` calls it. */
export const apiUrl = (path: string) => `${apiBase}${path}`;

/**
 * An answer read as `callApi` reads it, from its status, body text and Retry-After header: also
 * for calls made another way (an upload through XMLHttpRequest, for its progress).
 */
export function apiResultOf<T>(
  status: number,
  text: string,
  retryAfter: string | null,
  schema: AnswerSchema<T>,
): ApiResult<T> {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, status, data: parsed.data };
    console.warn(`Unreadable answer (${status})`, parsed.error.issues.slice(0, 3));
    return badResponse(status);
  }
  const err = (body ?? {}) as ErrorBody;
  const retry = Number(retryAfter);
  return {
    ok: false,
    status,
    error: typeof err.error === 'string' ? err.error : 'http_error',
    message: typeof err.message === 'string' ? err.message : describeStatus(status),
    ...(err.fields && typeof err.fields === 'object'
      ? { fields: err.fields as Record<string, string> }
      : {}),
    ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}),
    ...(body !== null ? { body } : {}),
  };
}
