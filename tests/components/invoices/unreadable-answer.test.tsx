// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoicesScreen } from '../../../src/islands/invoices/InvoicesScreen';
import { unknownAccess } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';

// Issue 48: the browser parses the server's answers with the shared contracts instead of casting
// them. An answer the page cannot read is an error the screen shows, never a list built from it.

const answering = (body: unknown) =>
  vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );

const acme = {
  id: 'i1',
  clientId: 'c1',
  clientName: 'Acme Exports',
  status: 'issued',
  number: '2026-0001',
  issueDate: '2026-11-02',
  dueDate: '2026-11-16',
  totalMinor: 120000,
  paidMinor: 0,
  currency: 'INR',
};

beforeEach(() => {
  window.history.replaceState(null, '', '/invoices');
  const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Agency' };
  $cacheOwner.set(owner);
  rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm1', seesAmounts: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Invoices, given an answer it cannot read', () => {
  it('says so and lists nothing from it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // An older or broken server: the total is text and the status is missing.
    vi.stubGlobal(
      'fetch',
      answering({ invoices: [{ ...acme, totalMinor: '1,200.00', status: undefined }] }),
    );
    render(<InvoicesScreen />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The server sent an answer this page cannot read. Reload the page; if it persists, tell support.',
      ),
    );
    expect(screen.queryByText('Acme Exports')).toBeNull();
    expect(screen.queryByRole('row', { name: /2026-0001/ })).toBeNull();
  });

  it('lists an answer that keeps the contract', async () => {
    vi.stubGlobal('fetch', answering({ invoices: [acme] }));
    render(<InvoicesScreen />);
    expect((await screen.findAllByText('Acme Exports')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/cannot read/)).toBeNull();
  });
});
