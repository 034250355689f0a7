// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiTokensSection } from '../../../src/islands/account/ApiTokensSection';
import { $cacheOwner } from '../../../src/stores/sync/owner';

// Account setting → API access tokens (issue 50): make a token, see and copy it once, list it
// without its secret, revoke it. The server is a stand-in keeping tokens as /api/tokens does.

const SECRET = `hm_${'A'.repeat(43)}`;
interface Row {
  id: string;
  workspaceId: string;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}
let stored: Row[] = [];
const sent: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body?: unknown) =>
  Promise.resolve(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
const fetcher = vi.fn((url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  sent.push({ method, url, body });
  if (url === '/api/tokens' && method === 'GET') return json(200, { tokens: stored });
  if (url === '/api/tokens' && method === 'POST') {
    const given = body as { workspaceId: string; name: string; scope: 'read' | 'write' };
    stored = [
      {
        id: 't-1',
        workspaceId: given.workspaceId,
        name: given.name,
        scope: given.scope,
        createdAt: '2026-11-22T10:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
      },
      ...stored,
    ];
    return json(201, { id: 't-1', token: SECRET });
  }
  if (url === '/api/tokens/t-1' && method === 'DELETE') {
    stored = stored.filter((row) => row.id !== 't-1');
    return json(204);
  }
  return json(404, { error: 'not_found', message: 'Not found.' });
});
const writeText = vi.fn(() => Promise.resolve());

beforeEach(() => {
  localStorage.clear();
  stored = [
    {
      id: 't-other',
      workspaceId: 'w-2',
      name: 'Elsewhere',
      scope: 'read',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: null,
      expiresAt: null,
    },
  ];
  sent.length = 0;
  $cacheOwner.set({ userId: 'u1', workspaceId: 'w1', workspaceName: 'Studio' });
  vi.stubGlobal('fetch', fetcher);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('API access tokens on Account setting', () => {
  it('makes a token, shows it once to copy, lists it without the secret and revokes it', async () => {
    render(<ApiTokensSection />);
    await settle();
    // Only this workspace's tokens are listed.
    expect(screen.getByText('You have no tokens for this workspace.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Invoice sync' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make token' }));
    await settle();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      workspaceId: 'w1',
      name: 'Invoice sync',
      scope: 'write',
    });

    const shown = screen.getByLabelText<HTMLInputElement>('New token');
    expect(shown.value).toBe(SECRET);
    expect(screen.getByText('Copy your new token now. You will not be able to see it again.'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByText('Copied to the clipboard.')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Your API access tokens for this workspace' });
    const row = within(table).getByRole('row', { name: /Invoice sync/ });
    expect(within(row).getByText('Read and write')).toBeTruthy();
    expect(within(row).getAllByText('Never')).toHaveLength(2);

    // Done: the secret is gone from the page for good.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New token')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Invoice sync…' }));
    const confirm = screen.getByRole('button', { name: 'Revoke Invoice sync' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    await settle();
    expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/tokens/t-1')).toBe(true);
    expect(screen.getByText('You have no tokens for this workspace.')).toBeTruthy();
  });

  it('says what is wrong beside the field, and sends nothing', async () => {
    render(<ApiTokensSection />);
    await settle();
    fireEvent.change(screen.getByLabelText(/Expires on/), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make token' }));
    await settle();
    expect(screen.getByText('Name the token')).toBeTruthy();
    expect(screen.getByText('Choose a day after today')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });
});
