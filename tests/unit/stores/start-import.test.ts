// @vitest-environment jsdom
import { startedImport } from './started-import';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startImport } from '../../../src/stores/imports';
import { $cacheOwner } from '../../../src/stores/sync/owner';

// Issue 32: the start is a multipart form (the file and the choices beside it); the server's
// schema takes no nulls, so a date order or member id not chosen is left out.

afterEach(() => vi.unstubAllGlobals());

describe('startImport', () => {
  it('sends the file and the choices as a form with the browser’s own Content-Type', async () => {
    $cacheOwner.set({ userId: 'u1', workspaceId: 'ws 1', workspaceName: 'Studio' });
    const fetcher = vi.fn((url: string, init: RequestInit) => {
      void url;
      void init;
      return Promise.resolve(
        new Response(JSON.stringify({ import: startedImport }), { status: 202 }),
      );
    });
    vi.stubGlobal('fetch', fetcher);
    const file = new File(['User,Email\n'], 'toggl.csv', { type: 'text/csv' });
    const answer = await startImport(file, {
      timeZone: 'Europe/Berlin',
      dateFormat: null,
      people: [
        { email: 'bo@studio.test', name: 'Bo', as: 'me', memberId: 'm-bo' },
        { email: '', name: 'Ana', as: 'member', memberId: 'm-ana' },
        { email: 'carla@studio.test', name: '', as: 'new', memberId: null },
      ],
    });
    expect(answer.ok).toBe(true);
    const [url, init] = fetcher.mock.calls[0] ?? ['', {}];
    expect(url).toBe('/api/imports?workspace=ws%201');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({});
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('toggl.csv');
    expect(JSON.parse(form.get('choices') as string)).toEqual({
      timeZone: 'Europe/Berlin',
      people: [
        { email: 'bo@studio.test', name: 'Bo', as: 'me' },
        { email: '', name: 'Ana', as: 'member', memberId: 'm-ana' },
        { email: 'carla@studio.test', name: '', as: 'new' },
      ],
    });
  });
});
