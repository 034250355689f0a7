// @vitest-environment jsdom
import { startedImport } from './started-import';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noBody } from '../../../src/lib/contracts/shape';
import { callApi } from '../../../src/stores/api';
import { startImport } from '../../../src/stores/imports';
import { postFormWithProgress, type SendProgress } from '../../../src/stores/send-form';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { xhrOverFetch } from '../../components/imports/xhr-over-fetch';

// Issue 32: the import's start is sent through XMLHttpRequest, whose upload events say how much
// of the file has gone; the call and its answers stay callApi's.

afterEach(() => vi.unstubAllGlobals());

const answering = (status: number, body: string, headers: Record<string, string> = {}) =>
  vi.fn(() => Promise.resolve(new Response(body, { status, headers })));

describe('postFormWithProgress', () => {
  it('reports the bytes sent, then all sent, and answers as callApi does', async () => {
    const fake = xhrOverFetch({ held: true });
    vi.stubGlobal('XMLHttpRequest', fake.Xhr);
    vi.stubGlobal('fetch', answering(202, JSON.stringify({ import: startedImport })));
    const form = new FormData();
    form.set('choices', '{}');
    const seen: SendProgress[] = [];
    const answer = postFormWithProgress('/api/imports?workspace=w1', noBody, form, (p) =>
      seen.push(p),
    );
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/imports?workspace=w1',
      withCredentials: true,
      // No Content-Type of its own: the browser writes the form's, with its boundary.
      headers: {},
    });
    expect(request?.body).toBe(form);
    request?.progress(0, 2000);
    request?.progress(1500, 2000);
    request?.sent();
    await request?.answer();
    expect(seen).toEqual([
      { sent: 0, total: 2000, done: false },
      { sent: 1500, total: 2000, done: false },
      { sent: 2000, total: 2000, done: true },
    ]);
    expect(await answer).toEqual({ ok: true, status: 202, data: { import: startedImport } });
  });

  it('gives the server’s { error, message } and a Retry-After exactly as callApi gives them', async () => {
    const body =
      '{"error":"invalid_request","message":"Some fields are missing or invalid.","fields":{"choices":"The choices must be JSON."}}';
    vi.stubGlobal('fetch', answering(400, body, { 'Retry-After': '30' }));
    const viaFetch = await callApi('/api/imports?workspace=w1', noBody, { form: new FormData() });
    vi.stubGlobal('XMLHttpRequest', xhrOverFetch().Xhr);
    const viaXhr = await postFormWithProgress(
      '/api/imports?workspace=w1',
      noBody,
      new FormData(),
      () => {},
    );
    expect(viaXhr).toEqual(viaFetch);
    expect(viaXhr).toMatchObject({
      ok: false,
      status: 400,
      error: 'invalid_request',
      message: 'Some fields are missing or invalid.',
      fields: { choices: 'The choices must be JSON.' },
      retryAfter: 30,
    });
  });

  it('answers a network failure as status 0, and a body that is not JSON by its status', async () => {
    const fake = xhrOverFetch({ held: true });
    vi.stubGlobal('XMLHttpRequest', fake.Xhr);
    const failed = postFormWithProgress(
      '/api/imports?workspace=w1',
      noBody,
      new FormData(),
      () => {},
    );
    fake.requests[0]?.fail();
    expect(await failed).toEqual({
      ok: false,
      status: 0,
      error: 'network',
      message: 'Cannot reach Hourmark. Check your internet connection and try again.',
    });
    vi.stubGlobal('XMLHttpRequest', xhrOverFetch().Xhr);
    vi.stubGlobal('fetch', answering(502, '<html>Bad gateway</html>'));
    expect(
      await postFormWithProgress('/api/imports?workspace=w1', noBody, new FormData(), () => {}),
    ).toEqual({
      ok: false,
      status: 502,
      error: 'http_error',
      message: 'The server had a problem. Please try again in a moment.',
    });
  });

  it('stops the request when its signal is aborted, with or without XMLHttpRequest', async () => {
    const fake = xhrOverFetch({ held: true });
    vi.stubGlobal('XMLHttpRequest', fake.Xhr);
    const cancel = new AbortController();
    const sending = postFormWithProgress(
      '/api/imports',
      noBody,
      new FormData(),
      () => {},
      cancel.signal,
    );
    cancel.abort();
    expect(fake.requests[0]?.aborted).toBe(true);
    expect(await sending).toMatchObject({ ok: false, status: 0, error: 'network' });
    // No XMLHttpRequest (not a browser): fetch is handed the same signal.
    vi.stubGlobal('XMLHttpRequest', undefined);
    const fetched = vi.fn((_url: string, init: RequestInit) =>
      init.signal?.aborted
        ? Promise.reject(new DOMException('aborted', 'AbortError'))
        : Promise.resolve(new Response('{}', { status: 202 })),
    );
    vi.stubGlobal('fetch', fetched);
    const stopped = new AbortController();
    stopped.abort();
    expect(
      await postFormWithProgress('/api/imports', noBody, new FormData(), () => {}, stopped.signal),
    ).toMatchObject({ ok: false, status: 0, error: 'network' });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('is what startImport sends through when asked for progress', async () => {
    $cacheOwner.set({ userId: 'u1', workspaceId: 'ws 1', workspaceName: 'Studio' });
    const fake = xhrOverFetch();
    vi.stubGlobal('XMLHttpRequest', fake.Xhr);
    vi.stubGlobal('fetch', answering(202, JSON.stringify({ import: startedImport })));
    const file = new File(['User,Email\n'], 'toggl.csv', { type: 'text/csv' });
    const seen: SendProgress[] = [];
    const answer = await startImport(
      file,
      { timeZone: 'UTC', dateFormat: null, people: [] },
      (progress) => seen.push(progress),
    );
    expect(answer.ok).toBe(true);
    expect(fake.requests.map((r) => r.url)).toEqual(['/api/imports?workspace=ws%201']);
    expect(((fake.requests[0]?.body as FormData).get('file') as File).name).toBe('toggl.csv');
    expect(seen.at(-1)).toEqual({ sent: 100, total: 100, done: true });
  });
});
