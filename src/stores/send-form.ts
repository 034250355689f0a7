import {
  apiResultOf,
  apiUrl,
  callApi,
  networkFailure,
  type AnswerSchema,
  type ApiResult,
} from './api';

// A form posted with the progress of its sending (issue 32, what the person sees while an import
// starts): fetch tells nothing until the answer comes, XMLHttpRequest reports the bytes of the
// body sent. The call is otherwise `callApi`'s: the same URL, POST with the session cookie, the
// browser's own multipart Content-Type, and the same answers (`ApiResult`, a network failure
// as status 0, the server's `{ error, message }`).

/** How far the sending is: bytes of the body sent of `total`; `done` once all are sent. */
export interface SendProgress {
  sent: number;
  total: number;
  done: boolean;
}

/**
 * POSTs `form` to `path`, calling `onProgress` as the body goes and once it is all sent;
 * `signal` stops it (the person cancelled), answered as a network failure.
 */
export function postFormWithProgress<T>(
  path: string,
  schema: AnswerSchema<T>,
  form: FormData,
  onProgress: (progress: SendProgress) => void,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  // Without XMLHttpRequest (no browser) the call is made as any other, without progress.
  if (typeof XMLHttpRequest === 'undefined')
    return callApi(path, schema, { form, ...(signal ? { signal } : {}) });
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let total = 0;
    request.open('POST', apiUrl(path));
    // As fetch's `credentials: 'include'`: the session cookie also when the API is elsewhere.
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) total = event.total;
      onProgress({ sent: event.loaded, total, done: false });
    };
    request.upload.onload = () => onProgress({ sent: total, total, done: true });
    request.onload = () =>
      resolve(
        apiResultOf(
          request.status,
          request.responseText,
          request.getResponseHeader('Retry-After'),
          schema,
        ),
      );
    request.onerror = () => resolve(networkFailure());
    request.onabort = () => resolve(networkFailure());
    request.ontimeout = () => resolve(networkFailure());
    if (signal?.aborted) return resolve(networkFailure());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
