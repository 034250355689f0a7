// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unknownAccess } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $token, $user } from '../../../src/stores/auth';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { AppShell } from '../../../src/ui/shell/AppShell';
import { Sidebar } from '../../../src/ui/shell/Sidebar';

// The shell starts sync; what sync does is the engine's tests' concern, so here a stand-in with
// what the shell uses: no network work, no timers left behind, and no engine to load.
const sync = vi.hoisted(() => ({ startSync: vi.fn(async () => {}), stopSync: vi.fn() }));
vi.mock('../../../src/stores/app-sync', async () => {
  const { atom } = await import('nanostores');
  return {
    ...sync,
    $syncStatus: atom({ phase: 'starting', pending: 0, refusals: [], problem: null }),
    enqueueMutations: vi.fn(),
    dismissRefusals: vi.fn(),
  };
});
// Loading what the shell loads after the first paint can take seconds on a busy machine.
const loaded = { timeout: 10_000 };

beforeEach(() => {
  sync.startSync.mockClear();
  sync.stopSync.mockClear();
  localStorage.clear();
  $user.set({
    id: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  });
});

// The shell loads the engine, the status line and the sign-in form after the first paint. A
// load still under way when the file ends fails in Vitest's teardown ("Cannot load … after the
// environment was torn down"), so each test ends only once what it started has loaded.
afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
});

describe('Sidebar', () => {
  it('says which workspace is open', () => {
    $cacheOwner.set({ userId: 'u1', workspaceId: 'w1', workspaceName: 'Bolt Studio' });
    render(<Sidebar path="/projects" />);
    expect(
      within(screen.getByRole('navigation', { name: 'App' })).getByText('Bolt Studio'),
    ).toBeTruthy();
  });

  it('lists SPEC.md entries with groups collapsed, each group a real button that expands', () => {
    render(<Sidebar path="/projects" />);
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(within(nav).getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const reports = within(nav).getByRole('button', { name: /Reports/ });
    expect(reports.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'All hours' })).toBeNull();
    fireEvent.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'All hours' }).getAttribute('href')).toBe('/allHours');
    for (const name of ['Track', 'Helps', 'Apps', "What's New", 'Account setting']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('opens the group that holds the current page', () => {
    render(<Sidebar path="/clients" />);
    expect(screen.getByRole('button', { name: /Clients/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('counts the Pro trial from the account creation date, for Admins only', () => {
    $cacheOwner.set({ userId: 'u1', workspaceId: 'w1', workspaceName: 'Bolt Studio' });
    rememberAccess({ userId: 'u1', workspaceId: 'w1' }, { ...unknownAccess, role: 'Manager' });
    const { unmount } = render(<Sidebar path="/projects" />);
    expect(screen.queryByText(/Your Pro trial/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Keep or leave Pro' })).toBeNull();
    unmount();
    rememberAccess({ userId: 'u1', workspaceId: 'w1' }, { ...unknownAccess, role: 'Admin' });
    render(<Sidebar path="/projects" />);
    expect(screen.getByText('Your Pro trial expires in 11 days.')).toBeTruthy();
  });
});

describe('AppShell', () => {
  it('shows the sign-in card instead of the screen without a session', async () => {
    $token.set('');
    render(
      <AppShell path="/projects" label="Projects">
        <h1>Secret screen</h1>
      </AppShell>,
    );
    // The sign-in form loads on demand, so signed-in screens never download it.
    expect(await screen.findByRole('heading', { name: 'Sign in' }, loaded)).toBeTruthy();
    expect(screen.queryByText('Secret screen')).toBeNull();
  });

  it('shows the screen in place as soon as a session exists (e.g. signed in in another tab)', async () => {
    $token.set('');
    $cacheOwner.set({ userId: 'u1', workspaceId: 'w1', workspaceName: 'Asha’s workspace' });
    render(
      <AppShell path="/projects" label="Projects">
        <h1>Projects screen</h1>
      </AppShell>,
    );
    expect(screen.queryByText('Projects screen')).toBeNull();
    act(() => $token.set('handle'));
    expect(await screen.findByText('Projects screen')).toBeTruthy();
    expect((await screen.findByRole('status', {}, loaded)).textContent).toBe('Connecting…');
    await vi.waitFor(() => expect(sync.startSync).toHaveBeenCalledWith($user.get()), loaded);
  });

  it('never shows a cache that belongs to another account, not even for a moment', async () => {
    $token.set('handle');
    $cacheOwner.set({ userId: 'someone-else', workspaceId: 'w9', workspaceName: 'Theirs' });
    render(
      <AppShell path="/projects" label="Projects">
        <h1>Projects screen</h1>
      </AppShell>,
    );
    expect(screen.queryByText('Projects screen')).toBeNull();
    expect(screen.getByText('Opening your workspace…')).toBeTruthy();
    // Started sync (here a stub) is what makes the cache theirs; until then the screen stays hidden.
    await vi.waitFor(() => expect(sync.startSync).toHaveBeenCalledWith($user.get()), loaded);
    expect(screen.queryByText('Projects screen')).toBeNull();
  });
});
