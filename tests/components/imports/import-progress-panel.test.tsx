// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportProgressPanel } from '../../../src/islands/account/imports/ImportProgressPanel';
import type { ImportView } from '../../../src/stores/imports';

// Issue 32, point 4: a progress bar asked about every second while the import runs, then what
// it created, the rows skipped and those imported before, and Undo with what it kept.

const running: ImportView = {
  id: 'imp-1',
  status: 'running',
  source: 'toggl',
  fileName: 'toggl-detailed.csv',
  fileSize: 1024,
  startedBy: 'Bo Lindqvist',
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  timeZone: 'UTC',
  dateFormat: null,
  people: [],
  progress: { done: 2, total: 7 },
  result: {
    created: { clients: [], projects: [], tasks: [], tags: [], members: [] },
    logs: 2,
    seconds: 11730,
    alreadyImported: 0,
    skipped: [],
    skippedCount: 0,
    undo: null,
  },
  error: null,
};

const done: ImportView = {
  ...running,
  status: 'done',
  finishedAt: '2026-11-26T10:00:05.000Z',
  progress: { done: 7, total: 7 },
  result: {
    created: {
      clients: [{ id: 'c1', name: 'Northwind' }],
      projects: [
        { id: 'p1', name: 'Internal' },
        { id: 'p2', name: 'Booking App' },
      ],
      tasks: [],
      tags: ['qa'],
      members: [{ id: 'm1', name: 'carla@studio.test', person: 'carla@studio.test' }],
    },
    logs: 5,
    seconds: 29730,
    alreadyImported: 1,
    skipped: [{ line: 8, reason: 'The start date "2026-13-01" is not a day.' }],
    skippedCount: 1,
    undo: null,
  },
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

const bar = () => screen.getByRole('progressbar', { name: 'Rows of toggl-detailed.csv done' });

describe('ImportProgressPanel', () => {
  it('asks every second while the import runs, then shows what it created and skipped', async () => {
    const fetcher = vi.fn(() => Promise.resolve(answer(200, { import: done })));
    vi.stubGlobal('fetch', fetcher);
    render(<ImportProgressPanel importId="imp-1" initial={running} />);
    expect(bar().getAttribute('aria-valuenow')).toBe('2');
    expect(bar().getAttribute('aria-valuemax')).toBe('7');
    expect(screen.getByText(/You can leave this page/)).toBeTruthy();
    expect(fetcher).not.toHaveBeenCalled();

    await screen.findByRole(
      'heading',
      { name: 'Import of toggl-detailed.csv: Done' },
      { timeout: 3000 },
    );
    expect(fetcher).toHaveBeenCalledWith('/api/imports/imp-1', expect.anything());
    expect(bar().getAttribute('aria-valuenow')).toBe('7');
    const created = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    // 29,730 s
    expect(created('Time logs')).toBe('5 (8:15:30)');
    expect(created('Clients')).toBe('Northwind');
    expect(created('Projects')).toBe('Internal, Booking App');
    expect(created('Tasks')).toBe('None');
    expect(created('Team members')).toBe('carla@studio.test');
    expect(screen.getByText(/Already imported before/).textContent).toBe(
      'Already imported before, not imported again: 1 row.',
    );
    const skipped = screen.getByRole('table', { name: 'Rows skipped' });
    expect(within(skipped).getAllByRole('row')[1]?.textContent).toBe(
      '8The start date "2026-13-01" is not a day.',
    );
    // Done: no more asking.
    const calls = fetcher.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(fetcher.mock.calls.length).toBe(calls);
  });

  it('undoes after the confirmation and lists what it kept and why', async () => {
    const undone: ImportView = {
      ...done,
      status: 'undone',
      result: {
        ...done.result,
        undo: {
          removed: { logs: 4, clients: 1, projects: 1, tasks: 0, members: 1 },
          kept: [
            { kind: 'log', id: 'l9', name: 'Standup', why: 'It was changed after the import.' },
            {
              kind: 'project',
              id: 'p1',
              name: 'Internal',
              why: 'It has time logs the import did not create.',
            },
          ],
        },
      },
    };
    const fetcher = vi.fn(() => Promise.resolve(answer(200, { import: undone })));
    vi.stubGlobal('fetch', fetcher);
    render(<ImportProgressPanel importId="imp-1" initial={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Undo the import of toggl-detailed.csv?',
    });
    expect(fetcher).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await screen.findByRole('heading', { name: 'Import of toggl-detailed.csv: Undone' });
    expect(fetcher).toHaveBeenCalledWith(
      '/api/imports/imp-1/undo',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByText(/^Removed/).textContent).toBe(
      'Removed 4 time logs, 1 clients, 1 projects, 0 tasks and 1 team members.',
    );
    expect(screen.getByText(/^Standup/).textContent).toBe(
      'Standup (log): It was changed after the import.',
    );
    expect(screen.getByText(/^Internal \(project\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
  });

  it('shows the server’s refusal when undo is no longer possible', async () => {
    const message =
      'This import cannot be undone: 2 of its time logs are on invoice 2026-0003. Void the invoice first.';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(409, { error: 'undo_refused', message }))),
    );
    render(<ImportProgressPanel importId="imp-1" initial={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(
      screen.getByRole('heading', { name: 'Import of toggl-detailed.csv: Done' }),
    ).toBeTruthy();
  });
});
