// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogItem } from '../../../src/islands/track/LogItem';
import type { TimeLog } from '../../../src/stores/time-logs';

// Issue 32: a log imported as invoiced in another tool says so on Track; others do not.
const noop = () => {};
const log = (invoicedElsewhere?: boolean): TimeLog => ({
  id: 'l-1',
  date: '2026-10-05',
  client: '',
  projectId: null,
  task: '',
  taskId: null,
  tags: '',
  desc: '<p>Menu page, second pass</p>',
  dur: 2730,
  st: '13:15',
  end: '14:00',
  exp: 0,
  memberId: null,
  status: 'approved',
  ...(invoicedElsewhere === undefined ? {} : { invoicedElsewhere }),
});

describe('a log on Track', () => {
  it('shows “Invoiced outside Hourmark” on a log imported as invoiced elsewhere', () => {
    render(
      <ul>
        <LogItem log={log(true)} onEdit={noop} />
      </ul>,
    );
    expect(screen.getByRole('listitem').textContent).toContain('Invoiced outside Hourmark');
  });

  it('shows nothing of it on other logs', () => {
    render(
      <ul>
        <LogItem log={log()} onEdit={noop} />
        <LogItem log={{ ...log(false), id: 'l-2' }} onEdit={noop} />
      </ul>,
    );
    for (const item of screen.getAllByRole('listitem'))
      expect(item.textContent).not.toContain('Invoiced outside Hourmark');
  });
});
