// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportFromToolSection } from '../../../src/islands/account/imports/ImportFromToolSection';
import { AnyCsvMappingForm } from '../../../src/islands/account/imports/AnyCsvMappingForm';
import { unknownAccess } from '../../../src/lib/abilities';
import type { AnyCsvPreview } from '../../../src/lib/import/any-csv-mapping';
import { rememberAccess } from '../../../src/stores/access';
import type { ImportPreview } from '../../../src/stores/imports';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { samplePreview } from './sample-preview';
import { xhrOverFetch } from './xhr-over-fetch';

// Any CSV (issue 33): the mapping form by role and label, and the import screen with a file no
// known source recognises: its columns are mapped, the first rows are previewed once the choices
// settle (one request for a burst of choices), and Start sends the mapping.

const columns = ['Datum', 'Beginn', 'Ende', 'Projekt', 'Tätigkeit', 'Stunden'];
const anyCsv: AnyCsvPreview = {
  columns,
  mapping: { date: 'Datum', start: 'Beginn', duration: 'Stunden', project: 'Projekt' },
  remembered: false,
  // What the server answers for tests/fixtures/import/any-csv-zeiten-maerz.csv (first rows).
  sample: [
    {
      line: 2,
      entry: {
        date: '2026-03-03',
        startTime: '09:00',
        durationSeconds: 9000,
        person: 'Bo Lindqvist',
        client: '',
        project: 'Website Redesign',
        task: '',
        description: '',
        tags: [],
        billable: true,
      },
      problem: null,
    },
    { line: 5, entry: null, problem: 'Duration “” is not a length like 1.5 or 1:30.' },
  ],
};
const mappedPreview: ImportPreview = {
  ...samplePreview,
  source: 'any-csv',
  sourceName: 'Any CSV (the columns you chose)',
  rows: { importable: 3, refused: 2, alreadyImported: 0 },
  people: [],
  anyCsv,
};

describe('AnyCsvMappingForm', () => {
  it('lists the file’s columns for each field, and shows rows as they would import', () => {
    const onChange = vi.fn();
    render(
      <AnyCsvMappingForm
        columns={columns}
        mapping={{ date: 'Datum' }}
        onChange={onChange}
        remembered={false}
        sample={anyCsv.sample}
        status="3 rows can be imported, 2 cannot."
        error=""
      />,
    );
    const project = screen.getByLabelText<HTMLSelectElement>('Project');
    expect([...project.options].map((o) => o.textContent)).toEqual([
      'Not in this file',
      ...columns,
    ]);
    expect(screen.getByLabelText<HTMLSelectElement>('Date').value).toBe('Datum');
    expect(project.value).toBe('');
    fireEvent.change(project, { target: { value: 'Projekt' } });
    expect(onChange).toHaveBeenLastCalledWith({ date: 'Datum', project: 'Projekt' });
    fireEvent.change(screen.getByLabelText('Decimal mark'), {
      target: { value: 'decimal-comma' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ date: 'Datum', numberFormat: 'decimal-comma' });

    const table = screen.getByRole('region', { name: 'The first rows as they would import' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026-03-03',
      '09:00',
      '2:30:00',
      'Bo Lindqvist',
      '',
      'Website Redesign',
      '',
      '',
      'Yes',
    ]);
    expect(within(second as HTMLElement).getByRole('cell').textContent).toBe(
      'Not imported: Duration “” is not a length like 1.5 or 1:30.',
    );
    expect(screen.getByRole('status').textContent).toBe('3 rows can be imported, 2 cannot.');
  });

  it('says when the mapping was remembered from an earlier file', () => {
    render(
      <AnyCsvMappingForm
        columns={columns}
        mapping={anyCsv.mapping}
        onChange={() => undefined}
        remembered
        sample={null}
        status=""
        error=""
      />,
    );
    expect(screen.getByText(/^A file with these columns was imported before/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Duration').value).toBe('Stunden');
  });
});

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
const fetcher = vi.fn((url: string, init?: RequestInit) => {
  if (url.startsWith('/api/imports/preview'))
    return url.includes('mapping=')
      ? json(200, { preview: mappedPreview })
      : json(422, { error: 'unknown_source', message: 'Not a known report.', columns });
  if (url.startsWith('/api/imports?') && init?.method === 'POST')
    return json(400, { error: 'invalid_request', message: 'Stop here.' });
  if (url.startsWith('/api/imports?')) return json(200, { imports: [] });
  return json(404, { error: 'not_found', message: 'Not found.' });
});
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const previews = () =>
  fetcher.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/imports/preview'));

describe('ImportFromToolSection with a file no source recognises', () => {
  beforeEach(() => {
    const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Studio' };
    $cacheOwner.set(owner);
    rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm-bo', seesAmounts: true });
    $team.set([]);
    fetcher.mockClear();
    vi.stubGlobal('fetch', fetcher);
    // The start goes through XMLHttpRequest (its upload progress), made here with `fetcher`.
    vi.stubGlobal('XMLHttpRequest', xhrOverFetch().Xhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps the columns, previews once the choices settle, and starts with the mapping', async () => {
    render(<ImportFromToolSection />);
    await wait(40);
    fireEvent.change(screen.getByLabelText('File exported from Toggl Track'), {
      target: { files: [new File(['Datum;Beginn\n'], 'zeiten.csv', { type: 'text/csv' })] },
    });
    await screen.findByRole('heading', { name: 'Which column is what' });
    expect(screen.getByRole('status').textContent).toBe(
      'Choose the date, and a duration or a start and an end time, to see the first rows.',
    );
    expect(screen.queryByRole('button', { name: /^Start import/ })).toBeNull();
    // Four choices in a burst: one request, with the last of them.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: 'Datum' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: 'Beginn' } });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: 'Stunden' } });
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'Projekt' } });
    await wait(600);
    expect(previews()).toHaveLength(2);
    expect(decodeURIComponent(previews()[1] ?? '')).toContain(
      'mapping={"date":"Datum","start":"Beginn","duration":"Stunden","project":"Projekt"}',
    );
    expect(screen.getByRole('status').textContent).toBe('3 rows can be imported, 2 cannot.');
    fireEvent.click(screen.getByRole('button', { name: 'Start import of 3 logs' }));
    await screen.findByText('Stop here.');
    const start = fetcher.mock.calls.find(
      ([url, init]) => url.startsWith('/api/imports?') && init?.method === 'POST',
    );
    expect(JSON.parse((start?.[1]?.body as FormData).get('choices') as string)).toEqual({
      timeZone: 'UTC',
      mapping: { date: 'Datum', start: 'Beginn', duration: 'Stunden', project: 'Projekt' },
      people: [],
      projectRates: [],
      approveHistory: true,
    });
  });
});
