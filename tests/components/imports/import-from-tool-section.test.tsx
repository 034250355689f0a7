// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { startedImport } from '../../unit/stores/started-import';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportFromToolSection } from '../../../src/islands/account/imports/ImportFromToolSection';
import { unknownAccess, type Access } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { samplePreview } from './sample-preview';
import { xhrOverFetch } from './xhr-over-fetch';

// Issue 32: Account setting → Import from another tool. Only Admins import; a file over 50 MB
// is refused before it is sent; the server's refusal shows beside the upload; the sample's
// preview leads to Start, which sends the file and the people as chosen.

const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Studio' };
const as = (role: Access['role']) => {
  $cacheOwner.set(owner);
  rememberAccess(owner, { ...unknownAccess, role, memberId: 'm-bo', seesAmounts: true });
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

let answers: { preview: () => Promise<Response> };
const fetcher = vi.fn((url: string, init?: RequestInit) => {
  if (url.startsWith('/api/imports/preview')) return answers.preview();
  if (url.startsWith('/api/imports?') && init?.method === 'POST')
    return json(202, {
      import: {
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
      },
    });
  if (url.startsWith('/api/imports?')) return json(200, { imports: [] });
  return json(404, { error: 'not_found', message: 'Not found.' });
});

beforeEach(() => {
  localStorage.clear();
  fetcher.mockClear();
  answers = { preview: () => json(200, { preview: samplePreview }) };
  vi.stubGlobal('fetch', fetcher);
  // The start goes through XMLHttpRequest (its upload progress), made here with `fetcher`.
  vi.stubGlobal('XMLHttpRequest', xhrOverFetch().Xhr);
  $team.set([]);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('File exported from Toggl Track'), {
    target: { files: [file] },
  });
const previews = () => fetcher.mock.calls.filter(([url]) => url.startsWith('/api/imports/preview'));

describe('ImportFromToolSection', () => {
  it('tells a Manager that only Admins can import, and asks the server nothing', async () => {
    as('Manager');
    render(<ImportFromToolSection />);
    await settle();
    expect(screen.getByText(/^Only Admins can import time logs from other tools/).textContent).toBe(
      'Only Admins can import time logs from other tools into this workspace. Ask an Admin of the workspace to import them.',
    );
    expect(screen.queryByLabelText('File exported from Toggl Track')).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('refuses a file over 50 MB before sending it, and shows the server’s refusal of another', async () => {
    as('Admin');
    render(<ImportFromToolSection />);
    await settle();
    const big = new File(['x'], 'everything.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    choose(big);
    expect(screen.getByRole('alert').textContent).toBe(
      'everything.csv is 60.0 MB (62,914,560 bytes), more than the 50 MB a file can have. Export a shorter period and import each file in turn.',
    );
    expect(previews()).toHaveLength(0);

    const message =
      'This looks like a Clockify export. This server reads Toggl Track’s Detailed report for now.';
    answers.preview = () => json(422, { error: 'unknown_source', message });
    choose(new File(['Project,Client\n'], 'clockify.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(previews()).toHaveLength(1);
  });

  it('previews the chosen file and starts the import with the people as mapped', async () => {
    as('Admin');
    $team.set([
      { id: 'm-ana', name: 'Ana N.', status: 'Active' },
      { id: 'm-old', name: 'Old Hand', status: 'Inactive' },
    ] as never);
    render(<ImportFromToolSection />);
    await settle();
    choose(new File(['User,Email\n'], 'toggl.csv', { type: 'text/csv' }));
    expect(screen.getByText(/^Chosen:/).textContent).toBe(
      'Chosen: toggl.csv (11 bytes) · reading…',
    );
    await screen.findByRole('heading', { name: 'What this file holds' });
    expect(previews()[0]?.[0]).toBe('/api/imports/preview?workspace=w1&timeZone=UTC');
    const carla = screen.getByLabelText<HTMLSelectElement>('carla@studio.test');
    // Active members only.
    expect([...carla.options].map((o) => o.textContent)).toEqual([
      'Me',
      'A new team member: carla@studio.test',
      'Ana N.',
    ]);
    fireEvent.change(carla, { target: { value: 'member:m-ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start import of 6 logs' }));
    const progress = await screen.findByRole('progressbar', { name: 'Rows of toggl.csv done' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    const start = fetcher.mock.calls.find(
      ([url, init]) => url.startsWith('/api/imports?') && init?.method === 'POST',
    );
    const form = start?.[1]?.body as FormData;
    expect(JSON.parse(form.get('choices') as string)).toEqual({
      timeZone: 'UTC',
      people: [
        { email: 'ana@studio.test', name: 'Ana Novak', as: 'member', memberId: 'm-ana' },
        { email: 'bo@studio.test', name: 'Bo Lindqvist', as: 'me' },
        { email: 'carla@studio.test', name: '', as: 'member', memberId: 'm-ana' },
      ],
      projectRates: [],
      approveHistory: true,
    });
    expect(
      within(screen.getByRole('region', { name: 'Imports' })).getByText(
        /Nothing has been imported/,
      ),
    ).toBeTruthy();
  });

  it('shows each new project’s rate from the file, lets it change, and sends it with the approval choice (issue 47)', async () => {
    as('Admin');
    answers = {
      preview: () =>
        json(200, {
          preview: {
            ...samplePreview,
            amounts: { ...samplePreview.amounts, fileCurrency: 'EUR', workspaceCurrency: 'EUR' },
            history: { invoicedElsewhere: 0, approved: 0, needApproval: 2 },
            newProjectRates: [
              {
                client: 'Stadtwerke Kiel',
                project: 'Portal Relaunch',
                rate: 120,
                seconds: 16200,
                fileMinor: 54000,
                people: [],
              },
            ],
          },
        }),
    };
    render(<ImportFromToolSection />);
    await settle();
    choose(new File(['User,Email\n'], 'toggl.csv', { type: 'text/csv' }));
    const rate = await screen.findByLabelText<HTMLInputElement>(
      'Rate per hour for Portal Relaunch (Stadtwerke Kiel), in EUR',
    );
    expect(rate.value).toBe('120');
    expect(screen.getByText(/^From the file:/).textContent).toBe(
      'From the file: €540.00 over 4:30.',
    );
    fireEvent.change(rate, { target: { value: '-3' } });
    expect(screen.getByText('Enter a rate of 0 or more')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start import of 6 logs' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a rate of 0 or more for Portal Relaunch.',
    );
    fireEvent.change(rate, { target: { value: '110,50' } });
    const approve = screen.getByRole('checkbox', { name: /Import as approved: 2 rows go/ });
    expect((approve as HTMLInputElement).checked).toBe(true);
    fireEvent.click(approve);
    fireEvent.click(screen.getByRole('button', { name: 'Start import of 6 logs' }));
    await screen.findByRole('progressbar', { name: 'Rows of toggl.csv done' });
    const start = fetcher.mock.calls.find(
      ([url, init]) => url.startsWith('/api/imports?') && init?.method === 'POST',
    );
    const sent = JSON.parse((start?.[1]?.body as FormData).get('choices') as string) as Record<
      string,
      unknown
    >;
    expect([sent['projectRates'], sent['approveHistory']]).toEqual([
      [{ client: 'Stadtwerke Kiel', project: 'Portal Relaunch', rate: 110.5 }],
      false,
    ]);
  });
});
