// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { $token, $user } from '../../../src/stores/auth';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { AppShell } from '../../../src/ui/shell/AppShell';
import { Sidebar } from '../../../src/ui/shell/Sidebar';

beforeEach(() => {
  localStorage.clear();
  $user.set({
    id: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  });
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

  it('counts the Pro trial from the account creation date', () => {
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
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
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
  });

  it('never shows a cache that belongs to another account, not even for a moment', () => {
    $token.set('handle');
    $cacheOwner.set({ userId: 'someone-else', workspaceId: 'w9', workspaceName: 'Theirs' });
    render(
      <AppShell path="/projects" label="Projects">
        <h1>Projects screen</h1>
      </AppShell>,
    );
    expect(screen.queryByText('Projects screen')).toBeNull();
    expect(screen.getByText('Opening your workspace…')).toBeTruthy();
  });
});
