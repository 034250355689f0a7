// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startedImport } from '../../unit/stores/started-import';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportFromToolSection } from '../../../src/islands/account/imports/ImportFromToolSection';
import { unknownAccess } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { samplePreview } from './sample-preview';
import { xhrOverFetch } from './xhr-over-fetch';

// Issue 32, what the person sees between Start and the import's own progress: a bar of the
// file being sent (from XMLHttpRequest's upload events), then "Reading and checking 6 rows…"
// while the server reads the file, said in a live region; that closing the page then cancels
// the import; and the server's refusal as before.

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
const queued = {
  // The whole import as the server answers it (its contract reads every key).
  ...startedImport,
  id: 'imp-1',
  status: 'queued',
  fileName: 'toggl.csv',
  progress: { done: 0, total: 6 },
  result: {
    created: { clients: [], projects: [], tasks: [], tags: [], members: [] },
    logs: 0,
    seconds: 0,
    alreadyImported: 0,
    skipped: [],
    skippedCount: 0,
    undo: null,
  },
};
let startAnswer: () => Promise<Response>;
const fetcher = vi.fn((url: string, init?: RequestInit) => {
  if (url.startsWith('/api/imports/preview')) return json(200, { preview: samplePreview });
  if (url.startsWith('/api/imports?') && init?.method === 'POST') return startAnswer();
  if (url.startsWith('/api/imports?')) return json(200, { imports: [] });
  return json(200, { import: queued });
});
let fake: ReturnType<typeof xhrOverFetch>;

beforeEach(() => {
  localStorage.clear();
  const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Studio' };
  $cacheOwner.set(owner);
  rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm-bo', seesAmounts: true });
  $team.set([]);
  fetcher.mockClear();
  startAnswer = () => json(202, { import: queued });
  vi.stubGlobal('fetch', fetcher);
  fake = xhrOverFetch({ held: true });
  vi.stubGlobal('XMLHttpRequest', fake.Xhr);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));

async function startSample() {
  render(<ImportFromToolSection />);
  // The file input is disabled until the section has read the workspace: a fixed pause was
  // too short on a busy machine, and a change to a disabled input is lost.
  const input = screen.getByLabelText('File exported from Toggl Track');
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false), { timeout: 5000 });
  fireEvent.change(input, {
    target: { files: [new File(['User,Email\n'], 'toggl.csv', { type: 'text/csv' })] },
  });
  await screen.findByRole('heading', { name: 'What this file holds' });
  fireEvent.click(screen.getByRole('button', { name: 'Start import of 6 logs' }));
  await settle();
  const request = fake.requests[0];
  if (!request) throw new Error('the start was not sent');
  return request;
}

describe('starting an import: the file sent, then read', () => {
  it('shows the bytes sent, then “Reading and checking 6 rows…”, then the import’s progress', async () => {
    const request = await startSample();
    const bar = screen.getByRole('progressbar', { name: 'Sending toggl.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('status').textContent).toBe('Sending the file…');
    expect(screen.getByText(/^Keep this page open until the import has started/).textContent).toBe(
      'Keep this page open until the import has started: closing it now cancels the import, and nothing is imported. Once it has started, it goes on on the server even if you close the page.',
    );
    expect(screen.getByRole('button', { name: 'Starting…' }).hasAttribute('disabled')).toBe(true);

    // 3 MB of 4 MB: 75 %.
    act(() => request.progress(3 * 1024 * 1024, 4 * 1024 * 1024));
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.getAttribute('aria-valuetext')).toBe('75 % sent, 3.0 of 4.0 MB');
    expect(screen.getByText(/% sent \(/).textContent).toBe('75 % sent (3.0 of 4.0 MB).');
    expect(screen.getByRole('status').textContent).toBe('Sending the file…');

    act(() => request.sent());
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('status').textContent).toBe('Reading and checking 6 rows…');

    await act(() => request.answer());
    expect(
      (await screen.findByRole('progressbar', { name: 'Rows of toggl.csv done' })).getAttribute(
        'aria-valuenow',
      ),
    ).toBe('0');
    expect(screen.queryByRole('progressbar', { name: 'Sending toggl.csv' })).toBeNull();
  });

  it('puts the server’s refusal under Start, and Start back, once the file was read', async () => {
    startAnswer = () =>
      json(422, {
        error: 'choose_date_format',
        message: 'Every date of this file reads in more than one order: choose which one.',
      });
    const request = await startSample();
    act(() => request.sent());
    await act(() => request.answer());
    expect(screen.getByRole('alert').textContent).toBe(
      'Every date of this file reads in more than one order: choose which one.',
    );
    expect(screen.queryByRole('progressbar', { name: 'Sending toggl.csv' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Start import of 6 logs' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('stops sending the file when the person presses Cancel, and says nothing went wrong', async () => {
    const request = await startSample();
    act(() => request.progress(1024, 4096));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(request.aborted).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'Sending toggl.csv' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('File exported from Toggl Track')).toBeTruthy();
  });

  it('says so when the connection drops while the file is sent', async () => {
    const request = await startSample();
    act(() => request.progress(1024, 4096));
    act(() => request.fail());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot reach Hourmark. Check your internet connection and try again.',
    );
    expect(screen.queryByRole('progressbar', { name: 'Sending toggl.csv' })).toBeNull();
  });
});
