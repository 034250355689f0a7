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

/** Calls the account API with the session cookie and returns a typed result. */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; file?: Blob; keepalive?: boolean } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  const payload = init.body === undefined ? null : JSON.stringify(init.body);
  const headers: Record<string, string> = init.file
    ? { 'Content-Type': init.file.type || 'application/octet-stream' }
    : init.body === undefined
      ? {}
      : { 'Content-Type': 'application/json' };
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: init.method ?? (init.body === undefined && !init.file ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      // A file (an upload) goes as it is, not as JSON.
      body: init.file ?? payload,
      // A request that must finish even if the tab closes; browsers allow 64 KB of those.
      keepalive: init.keepalive === true && (payload?.length ?? 0) < 60_000,
    });
  } catch {
    return {
      ok: false,
      status: 0,
      error: 'network',
      message: 'Cannot reach Hourmark. Check your internet connection and try again.',
    };
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const err = (body ?? {}) as ErrorBody;
  const retry = Number(response.headers.get('Retry-After'));
  return {
    ok: false,
    status: response.status,
    error: typeof err.error === 'string' ? err.error : 'http_error',
    message: typeof err.message === 'string' ? err.message : describeStatus(response.status),
    ...(err.fields && typeof err.fields === 'object'
      ? { fields: err.fields as Record<string, string> }
      : {}),
    ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}),
  };
}
