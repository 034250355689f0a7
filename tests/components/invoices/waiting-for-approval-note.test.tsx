// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitingForApprovalNote } from '../../../src/islands/invoices/WaitingForApprovalNote';

// Issue 47: Uninvoiced says what it leaves out because it waits for approval, with links to it.
// Wartung's two imported rows left pending: 2:15 + 2:00 = 4:15, 213.75 + 190.00 = €403.75.

const november = { from: '2026-11-01', to: '2026-11-30' };

describe('WaitingForApprovalNote', () => {
  it('says how many logs, hours and euros wait, and links to those days and to Approvals', () => {
    render(
      <WaitingForApprovalNote
        waiting={{ logs: 2, billableSeconds: 15300, billableMinor: 40375 }}
        currency="EUR"
        range={november}
      />,
    );
    expect(screen.getByText(/^Waiting for approval/).textContent).toBe(
      'Waiting for approval, so not offered here: 2 logs, 4:15 and €403.75. See the logs of these days in All hours or review submitted weeks.',
    );
    expect(
      screen
        .getByRole('link', { name: 'See the logs of these days in All hours' })
        .getAttribute('href'),
    ).toBe('/allHours?from=2026-11-01&to=2026-11-30');
    expect(screen.getByRole('link', { name: 'review submitted weeks' }).getAttribute('href')).toBe(
      '/approvals',
    );
  });

  it('says nothing when nothing waits', () => {
    const { container } = render(
      <WaitingForApprovalNote
        waiting={{ logs: 0, billableSeconds: 0, billableMinor: 0 }}
        currency="EUR"
        range={november}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
