// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDocument } from '../../../src/lib/invoice-document';
import { defaultLayout, type DraftLayout } from '../../../src/lib/invoice-lines';
import { DraftEditor } from '../../../src/islands/invoices/DraftEditor';
import { InvoiceDocumentView } from '../../../src/islands/invoices/InvoiceDocumentView';
import type * as InvoicesStore from '../../../src/stores/invoices';
import type { Invoice } from '../../../src/stores/invoices';

// Issue 47, point 4: a draft made over 2 Sep – 28 Nov 2026 whose time is all on 10 Nov states
// 10 Nov – 10 Nov unless the person sets a period, which it then states even where its time
// falls outside it (said beside the fields).

const saveDraftLayout = vi.hoisted(() => vi.fn());
vi.mock('../../../src/stores/invoices', async (original) => ({
  ...(await original<typeof InvoicesStore>()),
  saveDraftLayout,
}));

const layout = defaultLayout({ name: 'GST', percent: 18 }, { paymentTermsDays: 8, note: '' });
const draftOf = (document: Partial<InvoiceDocument> = {}): Invoice => ({
  id: 'inv-1',
  clientId: 'cora',
  clientName: 'Cora',
  status: 'draft',
  number: null,
  issueDate: null,
  dueDate: null,
  document: {
    from: '2026-09-02',
    to: '2026-11-28',
    period: { start: '2026-11-10', end: '2026-11-10' },
    logPeriod: { start: '2026-11-10', end: '2026-11-10' },
    currency: 'INR',
    layout,
    logIds: ['c1'],
    lines: [
      {
        key: 'time:p',
        kind: 'time',
        description: 'Design',
        quantity: 1,
        unitMinor: 100000,
        amountMinor: 100000,
        projectId: 'p',
        edited: false,
      },
    ],
    subtotalMinor: 100000,
    discountPercent: 0,
    discountMinor: 0,
    taxableMinor: 100000,
    taxes: [{ name: 'GST', percent: 18, amountMinor: 18000 }],
    taxMinor: 18000,
    totalMinor: 118000,
    ...document,
  },
});

const editor = (invoice = draftOf()) =>
  render(<DraftEditor invoice={invoice} onSaved={() => {}} onDirty={() => {}} />);
const from = () => screen.getByLabelText<HTMLInputElement>('Period from');
const to = () => screen.getByLabelText<HTMLInputElement>('Period to');
const type = (input: HTMLInputElement, value: string) =>
  fireEvent.change(input, { target: { value } });
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
/** Presses Save draft and lets the save finish. */
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await Promise.resolve();
  });
const savedLayout = () => (saveDraftLayout.mock.calls.at(-1) as [string, DraftLayout])[1];

beforeEach(() => {
  saveDraftLayout.mockReset();
  saveDraftLayout.mockResolvedValue({ ok: true, invoice: draftOf() });
});

describe('the period on a draft', () => {
  it('states the days of its time unless the person sets one, and saves the one set', async () => {
    editor();
    expect([from().value, to().value]).toEqual(['', '']);
    expect(description(from())).toContain(
      'Leave both empty to state the days of its time: 10 Nov 2026 to 10 Nov 2026.',
    );
    type(from(), '2026-11-01');
    type(to(), '2026-11-30');
    expect(screen.queryByText(/outside the period you set/)).toBeNull();
    await save();
    expect(saveDraftLayout).toHaveBeenCalledTimes(1);
    expect(savedLayout().period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });

  it('refuses a last day before the first, or one day without the other, beside the field', () => {
    editor();
    type(from(), '2026-11-30');
    type(to(), '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(to().getAttribute('aria-invalid')).toBe('true');
    expect(description(to())).toContain('The last day cannot be before the first');
    type(to(), '');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(description(to())).toContain('Enter both days, or neither');
    expect(saveDraftLayout).not.toHaveBeenCalled();
  });

  it('says when its time falls outside the period set, and goes back to the days of its time', async () => {
    editor(
      draftOf({
        period: { start: '2026-11-15', end: '2026-11-30' },
        layout: { ...layout, period: { start: '2026-11-15', end: '2026-11-30' } },
      }),
    );
    expect([from().value, to().value]).toEqual(['2026-11-15', '2026-11-30']);
    expect(
      screen.getByText(
        'Time on this draft runs from 10 Nov 2026 to 10 Nov 2026, outside the period you set. The invoice states your period all the same.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the days of its time' }));
    expect([from().value, to().value]).toEqual(['', '']);
    expect(screen.queryByText(/outside the period you set/)).toBeNull();
    await save();
    expect(saveDraftLayout).toHaveBeenCalledTimes(1);
    expect(savedLayout()).not.toHaveProperty('period');
  });
});

describe('the invoice as on paper', () => {
  it('says the period it states, not the days it was drafted from', () => {
    render(
      <InvoiceDocumentView
        invoice={draftOf({ period: { start: '2026-11-28', end: '2026-11-28' } })}
      />,
    );
    const paper = screen.getByRole('article', { name: 'Invoice' });
    expect(paper.textContent).toContain('Work from 28 Nov 2026 to 28 Nov 2026');
    expect(paper.textContent).not.toContain('2 Sep 2026');
  });
});
