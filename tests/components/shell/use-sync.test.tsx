// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $token, $user } from '../../../src/stores/auth';
import { useSync } from '../../../src/ui/shell/use-sync';

const engine = vi.hoisted(() => ({ startSync: vi.fn(async () => {}), stopSync: vi.fn() }));
vi.mock('../../../src/stores/app-sync', () => engine);

const asha = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  createdAt: '2026-01-05T09:00:00.000Z',
};

function Screen() {
  return <p>{useSync() ? 'Your workspace' : 'Opening your workspace…'}</p>;
}

beforeEach(() => {
  engine.startSync.mockClear();
  engine.stopSync.mockClear();
  localStorage.clear();
  $user.set(asha);
  $token.set('handle');
});

describe('useSync', () => {
  it('starts sync for the signed-in person once the engine loads and stops it at once on sign-out', async () => {
    render(<Screen />);
    // The first load of a module can take seconds on a busy machine.
    await vi.waitFor(() => expect(engine.startSync).toHaveBeenCalledWith(asha), {
      timeout: 10_000,
    });
    act(() => $token.set(''));
    // Stopped during the cleanup itself, not by an import that finishes after it.
    expect(engine.stopSync).toHaveBeenCalledTimes(1);
  });

  it('starts nothing when the screen goes away before the engine has loaded', async () => {
    const { unmount } = render(<Screen />);
    unmount();
    // The hook's import has finished and what it chained on it has run.
    await vi.dynamicImportSettled();
    expect(engine.startSync).not.toHaveBeenCalled();
    expect(engine.stopSync).not.toHaveBeenCalled();
  });

  it('neither starts nor stops anything after a sign-out that came before the engine loaded', async () => {
    const { unmount } = render(<Screen />);
    act(() => $token.set(''));
    unmount();
    // The hook's import has finished and what it chained on it has run.
    await vi.dynamicImportSettled();
    expect(engine.startSync).not.toHaveBeenCalled();
    expect(engine.stopSync).not.toHaveBeenCalled();
  });
});
