// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsersScreen } from '../../../src/islands/users/UsersScreen';
import { unknownAccess } from '../../../src/lib/abilities';
import { rememberAccess } from '../../../src/stores/access';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team, type Member } from '../../../src/stores/team';

const member = (id: string, name: string, extra: Partial<Member> = {}): Member => ({
  id,
  name,
  email: `${name.toLowerCase()}@agency.test`,
  LoborRate: 400,
  BillableRate: 900,
  Role: 'Normal',
  roleValue: 1,
  notes: '',
  status: 'Active',
  autoAddToProjects: false,
  ...extra,
});

const seed: Member[] = [
  member('m1', 'Ravi', { LoborRate: 1250, BillableRate: 123456.5, Role: 'Manager', roleValue: 2 }),
  member('m2', 'asha'),
  member('m3', 'Zoya', { status: 'Archived' }),
  member('m4', 'Bharat', { Role: 'Admin', roleValue: 3 }),
];

const table = () => screen.getByRole('table', { name: /Team members/ });
/** Names in the rows shown, top to bottom. */
const names = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const storedNames = () =>
  (JSON.parse(localStorage.getItem('Team') ?? '[]') as Member[]).map((m) => m.name);

/** Renders the screen and lets Ariakit's deferred updates (animation frames) settle inside act. */
async function renderScreen() {
  render(<UsersScreen />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 40)));
}

/** The screen as the workspace's Admin sees it (what the last pull said). */
function signedInAsAdmin() {
  const owner = { userId: 'u1', workspaceId: 'w1', workspaceName: 'Agency' };
  $cacheOwner.set(owner);
  rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm4', seesAmounts: true });
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/users');
  $team.set(seed);
  signedInAsAdmin();
});

describe('UsersScreen', () => {
  it('shows active members in the saved order, with en-IN ₹ rates, role and status', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Team Members' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ New Team member' }).getAttribute('href')).toBe(
      '/users/new',
    );
    expect(names()).toEqual(['Ravi', 'asha', 'Bharat']);
    const ravi = screen.getByRole('row', { name: /Ravi/ });
    expect(within(ravi).getByText('₹1,250.00')).toBeTruthy();
    // Indian grouping: lakh before thousand.
    expect(within(ravi).getByText('₹1,23,456.50')).toBeTruthy();
    expect(within(ravi).getByText('Manager')).toBeTruthy();
    expect(within(ravi).getByText('Active')).toBeTruthy();
    expect(within(ravi).getByText('ravi@agency.test')).toBeTruthy();
    expect(
      within(ravi)
        .getByRole('link', { name: /View Activity/ })
        .getAttribute('href'),
    ).toBe('/reports/activity?member=m1');
    expect(within(ravi).getByRole('button', { name: 'Actions for Ravi' })).toBeTruthy();
    const asha = screen.getByRole('row', { name: /asha/ });
    expect(within(asha).getByText('₹400.00')).toBeTruthy();
    expect(within(asha).getByText('₹900.00')).toBeTruthy();
  });

  it('writes the rates in the currency the last pull named, as soon as it names another', async () => {
    await renderScreen();
    const ravi = () => screen.getByRole('row', { name: /Ravi/ });
    expect(within(ravi()).getByText('₹1,250.00')).toBeTruthy();
    const owner = { userId: 'u1', workspaceId: 'w1' };
    act(() =>
      rememberAccess(owner, {
        ...unknownAccess,
        role: 'Admin',
        memberId: 'm4',
        seesAmounts: true,
        currency: 'EUR',
      }),
    );
    expect(within(ravi()).getByText('€1,250.00')).toBeTruthy();
    expect(within(ravi()).getByText('€123,456.50')).toBeTruthy();
    expect(within(ravi()).queryByText(/₹/)).toBeNull();
  });

  it('offers a Normal member nothing to change and no rates', async () => {
    rememberAccess(
      { userId: 'u1', workspaceId: 'w1' },
      { ...unknownAccess, role: 'Normal', memberId: 'm2' },
    );
    await renderScreen();
    expect(screen.queryByRole('link', { name: '+ New Team member' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Labor rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for asha' })).toBeNull();
    expect(screen.queryByText('₹1,250.00')).toBeNull();
  });

  it('filters by name as you type, keeps the search in the URL, and says when nothing matches', async () => {
    await renderScreen();
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'ASH' } });
    expect(names()).toEqual(['asha']);
    expect(new URL(window.location.href).searchParams.get('q')).toBe('ASH');
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('No team members found.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(names()).toHaveLength(3);
    expect(window.location.search).toBe('');
  });

  it('hides archived members under Active (the default) and shows them under All and Archived', async () => {
    await renderScreen();
    expect(screen.queryByRole('row', { name: /Zoya/ })).toBeNull();
    const chooseStatus = async (status: string) => {
      const select = screen.getByRole('combobox', { name: 'Status' });
      // Keyboard, as the issue asks filters to be keyboard-accessible.
      act(() => select.focus());
      fireEvent.keyDown(select, { key: 'ArrowDown' });
      fireEvent.click(await screen.findByRole('option', { name: status }));
      await waitFor(() => expect(select.textContent).toContain(status));
    };
    await chooseStatus('All');
    expect(names()).toEqual(['Ravi', 'asha', 'Zoya', 'Bharat']);
    expect(within(screen.getByRole('row', { name: /Zoya/ })).getByText('Archived')).toBeTruthy();
    expect(new URL(window.location.href).searchParams.get('status')).toBe('All');
    await chooseStatus('Archived');
    expect(names()).toEqual(['Zoya']);
  });

  it('reads the status filter from the URL', async () => {
    window.history.replaceState(null, '', '/users?status=Archived');
    await renderScreen();
    expect(names()).toEqual(['Zoya']);
  });

  it('sorts by name ascending then descending, keeps it in the URL and saves the order', async () => {
    await renderScreen();
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['asha', 'Bharat', 'Ravi']);
    // Every member is saved in the sorted order, archived ones included.
    expect(storedNames()).toEqual(['asha', 'Bharat', 'Ravi', 'Zoya']);
    expect(window.location.search).toBe('?sort=name');

    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Ravi', 'Bharat', 'asha']);
    expect(storedNames()).toEqual(['Zoya', 'Ravi', 'Bharat', 'asha']);
    expect(new URL(window.location.href).searchParams.get('dir')).toBe('desc');

    fireEvent.click(within(header()).getByRole('button'));
    expect(names()).toEqual(['asha', 'Bharat', 'Ravi']);
  });

  it('opens sorted when the URL says so', async () => {
    window.history.replaceState(null, '', '/users?sort=name&dir=desc');
    await renderScreen();
    expect(names()).toEqual(['Ravi', 'Bharat', 'asha']);
  });

  it('confirms an invite once and removes the marker from the URL', async () => {
    window.history.replaceState(null, '', '/users?added=1&status=All');
    await renderScreen();
    expect(await screen.findByText('New team member added')).toBeTruthy();
    expect(screen.getByText('New team member added').getAttribute('role')).toBe('status');
    expect(window.location.search).toBe('?status=All');
  });
});
