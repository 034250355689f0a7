// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UninvoicedClientCard } from '../../../src/islands/invoices/UninvoicedClientCard';
import type { UninvoicedClient } from '../../../src/stores/invoices';

// Dune: Design 1.5 h, ₹900.00, ₹120.50 of expenses; Hosting 0.5 h, ₹200.00.
// Both: 2:00 h, ₹1,100.00, ₹120.50. Hosting alone: 0:30 h, ₹200.00, ₹0.00.
const dune: UninvoicedClient = {
  clientId: 'dune',
  clientName: 'Dune',
  projects: [
    {
      projectId: 'd1',
      projectName: 'Design',
      logs: 3,
      billableSeconds: 5400,
      billableMinor: 90000,
      expensesMinor: 12050,
    },
    {
      projectId: 'd2',
      projectName: 'Hosting',
      logs: 1,
      billableSeconds: 1800,
      billableMinor: 20000,
      expensesMinor: 0,
    },
  ],
};

/** The totals row's cells as they read, e.g. ['Total', '2:00', '₹1,100.00', '₹120.50']. */
const totals = () =>
  [...within(screen.getByRole('table')).getAllByRole('row').at(-1)!.children]
    .map((cell) => cell.textContent)
    .filter(Boolean);
const createButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Create invoice for Dune' });
const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('a client on Uninvoiced', () => {
  it('bills every project at first, and only the ticked ones once some are unticked', () => {
    const onCreate = vi.fn();
    render(<UninvoicedClientCard client={dune} currency="INR" busy={false} onCreate={onCreate} />);
    expect(totals()).toEqual(['Total', '2:00', '₹1,100.00', '₹120.50']);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Bill Design' }));
    expect(totals()).toEqual(['Total of the ticked projects', '0:30', '₹200.00', '₹0.00']);
    fireEvent.click(createButton());
    expect(onCreate).toHaveBeenCalledWith(['d2']);
  });

  it('cannot create an invoice of nothing, and says why', () => {
    const onCreate = vi.fn();
    render(<UninvoicedClientCard client={dune} currency="INR" busy={false} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bill Design' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bill Hosting' }));
    expect(createButton().disabled).toBe(true);
    expect(description(createButton())).toBe('Tick at least one project to bill.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bill Hosting' }));
    expect(createButton().disabled).toBe(false);
    fireEvent.click(createButton());
    expect(onCreate).toHaveBeenCalledWith(['d2']);
  });

  it('writes the amounts in the workspace’s currency, euros for a workspace in EUR', () => {
    render(<UninvoicedClientCard client={dune} currency="EUR" busy={false} onCreate={vi.fn()} />);
    expect(totals()).toEqual(['Total', '2:00', '€1,100.00', '€120.50']);
  });
});
