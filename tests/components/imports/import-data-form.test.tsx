// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportDataForm } from '../../../src/islands/account/ImportDataForm';
import { ImportFromToolSection } from '../../../src/islands/account/imports/ImportFromToolSection';
import { unknownAccess, type Access } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $handedImportFile } from '../../../src/stores/imports';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { samplePreview } from './sample-preview';

// Issue 32: Account setting → Your data → Import an export file hands Hourmark's own export to
// Import from another tool, which previews it on the server; nothing goes through sync pushes.

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
const preview = {
  ...samplePreview,
  source: 'hourmark',
  sourceName: 'Hourmark export (JSON)',
  encoding: 'UTF-8',
};
const fetcher = vi.fn((url: string) => {
  if (url.startsWith('/api/imports/preview')) return json(200, { preview });
  if (url.startsWith('/api/imports?')) return json(200, { imports: [] });
  return json(404, { error: 'not_found', message: 'Not found.' });
});

beforeEach(() => {
  localStorage.clear();
  fetcher.mockClear();
  vi.stubGlobal('fetch', fetcher);
  $team.set([]);
  $handedImportFile.set(null);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));

describe('Import an export file', () => {
  it('hands the chosen file to the import screens, which preview it on the server', async () => {
    as('Admin');
    render(
      <>
        <ImportDataForm />
        <ImportFromToolSection />
      </>,
    );
    await settle();
    const file = new File(['{"taskData": []}'], 'hourmark-export-2026-11-20.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByLabelText('Import an export file'), {
      target: { files: [file] },
    });
    await settle();
    const sent = fetcher.mock.calls.filter(([url]) => url.startsWith('/api/imports/preview'));
    expect(sent).toHaveLength(1);
    expect(screen.getByText('hourmark-export-2026-11-20.json').parentElement?.textContent).toMatch(
      /^Chosen: hourmark-export-2026-11-20\.json \(16 bytes\)/,
    );
    expect(screen.getByRole('heading', { name: 'What this file holds' })).toBeTruthy();
    expect(screen.getByText('Read as a Hourmark export (JSON), UTF-8.')).toBeTruthy();
    // Handed over once: the hand-off is empty again.
    expect($handedImportFile.get()).toBeNull();
  });

  it('tells a Manager only Admins import an export file', async () => {
    as('Manager');
    render(<ImportDataForm />);
    await settle();
    expect(screen.queryByLabelText('Import an export file')).toBeNull();
    expect(
      screen.getByText('Only Admins can import an export file into this workspace.'),
    ).toBeTruthy();
  });
});
