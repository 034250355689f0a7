// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceScreen } from '../../../src/islands/invoices/InvoiceScreen';
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

/** A draft of one time line, ₹1,200.00, as GET /api/invoice answers it. */
const draft = {
  id: '7d7c2b4e-3c1f-4d0a-9a55-0b0f3e1c2d11',
  clientId: 'c1',
  clientName: 'Acme Exports',
  status: 'draft',
  standing: 'draft',
  payments: [],
  paidMinor: 0,
  number: null,
  issueDate: null,
  dueDate: null,
  creditNote: null,
  settlement: null,
  clientCreditMinor: 0,
  issueRefusal: null,
  document: {
    lines: [
      {
        key: 'time:p1',
        kind: 'time',
        description: 'Website',
        quantity: 1,
        unitMinor: 120000,
        amountMinor: 120000,
        projectId: 'p1',
        edited: false,
      },
    ],
    subtotalMinor: 120000,
    discountPercent: 0,
    discountMinor: 0,
    taxableMinor: 120000,
    taxes: [],
    taxMinor: 0,
    totalMinor: 120000,
    from: '2026-11-01',
    to: '2026-11-30',
    period: { start: '2026-11-02', end: '2026-11-02' },
    currency: 'INR',
    layout: {
      grouping: 'project',
      edits: {},
      manual: [],
      discountPercent: 0,
      taxes: [],
      paymentTermsDays: 14,
      note: '',
    },
    logIds: ['l1'],
  },
};

describe('One invoice, given a document it cannot read', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', `/invoice?id=${draft.id}`);
  });

  it('says so and draws no invoice from it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The envelope keeps its contract; the document's lines are one line of text.
    vi.stubGlobal(
      'fetch',
      answering({ invoice: { ...draft, document: { ...draft.document, lines: 'Website, 1 h' } } }),
    );
    render(<InvoiceScreen />);
    await waitFor(() =>
      expect(screen.getByText(/The server sent an answer this page cannot read/)).toBeTruthy(),
    );
    expect(screen.queryByText('Website')).toBeNull();
  });

  it('draws a document that keeps the contract', async () => {
    vi.stubGlobal('fetch', answering({ invoice: draft }));
    render(<InvoiceScreen />);
    expect((await screen.findAllByText('Website')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/cannot read/)).toBeNull();
  });
});
