// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityScreen } from '../../../src/islands/reports/ActivityScreen';
import { unknownAccess } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';

// Issue 48: activity events are described key by key in their contract (before, only checked to
// be objects). An event the page cannot read is an error the screen shows, never a half-drawn
// sentence built from it.

const answering = (body: unknown) =>
  vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );

/** Nia approved one log of 1:30 on Website on 2 November. */
const approved = {
  id: 'e1',
  at: '2026-11-03T10:00:00.000Z',
  who: 'Nia',
  action: 'approved',
  changed: [],
  note: '',
  logs: [
    {
      id: 'l1',
      date: '2026-11-02',
      member: 'Mo',
      project: 'Website',
      task: 'Design',
      seconds: 5400,
    },
  ],
  invoiceNumber: null,
};

beforeEach(() => {
  window.history.replaceState(null, '', '/reports/activity');
  const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Agency' };
  $cacheOwner.set(owner);
  rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm1', seesAmounts: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Activity, given an answer it cannot read', () => {
  it('says so and shows no event from it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A broken server: the log's member is a number where text is due, its seconds text (the
    // envelope's id, time and who are right, which is all the first contract checked).
    vi.stubGlobal(
      'fetch',
      answering({
        events: [{ ...approved, logs: [{ ...approved.logs[0], member: 7, seconds: '1:30' }] }],
      }),
    );
    render(<ActivityScreen />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The server sent an answer this page cannot read. Reload the page; if it persists, tell support.',
      ),
    );
    const list = screen.getByRole('list', { name: 'What happened, most recent first' });
    expect(list.children).toHaveLength(0);
  });

  it('shows an answer that keeps the contract', async () => {
    vi.stubGlobal('fetch', answering({ events: [approved] }));
    render(<ActivityScreen />);
    const list = await screen.findByRole('list', { name: 'What happened, most recent first' });
    await waitFor(() => expect(list.children).toHaveLength(1));
    expect(list.textContent).toContain('Nia');
    expect(screen.queryByText(/cannot read/)).toBeNull();
  });
});
