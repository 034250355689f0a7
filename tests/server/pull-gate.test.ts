import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPullGate, retryAfterSeconds } from '../../src/server/sync/pull-gate';

// A process works on a bounded number of pulls at once, lets a few more wait their turn for a
// moment, and turns the rest away at once (issue 34): it neither queues work it would finish too
// late nor sits idle while refused devices wait out their Retry-After.

/** A pull that ends when told to. */
function held<T>(value: T) {
  let finish = () => {};
  const work = () => new Promise<T>((resolve) => (finish = () => resolve(value)));
  return { work, finish: () => finish() };
}

describe('the pull gate', () => {
  afterEach(() => vi.useRealTimers());

  it('runs pulls up to its limit, lines up the next ones, and turns away the rest at once', async () => {
    const gate = createPullGate({ running: 1, waiting: 1, maxWaitMs: 2000 });
    const first = held('first');
    const running = gate.enter(first.work);
    const second = gate.enter(() => Promise.resolve('second'));
    expect(await gate.enter(() => Promise.resolve('third'))).toBe('busy');
    expect(gate.load()).toEqual({ running: 1, waiting: 1, refused: 1 });
    first.finish();
    expect(await running).toEqual({ value: 'first' });
    // The slot passed to the one in line.
    expect(await second).toEqual({ value: 'second' });
    expect(gate.load()).toEqual({ running: 0, waiting: 0, refused: 1 });
  });

  it('turns a pull away when its wait in line runs out, and frees its place in line', async () => {
    vi.useFakeTimers();
    const gate = createPullGate({ running: 1, waiting: 1, maxWaitMs: 2000 });
    const first = held('first');
    const running = gate.enter(first.work);
    const waiting = gate.enter(() => Promise.resolve('late'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(gate.load().waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe('busy');
    expect(gate.load()).toEqual({ running: 1, waiting: 0, refused: 1 });
    first.finish();
    expect(await running).toEqual({ value: 'first' });
    expect(gate.load().running).toBe(0);
  });

  it('reads nothing for a device that hung up while waiting', async () => {
    const gate = createPullGate({ running: 1, waiting: 4, maxWaitMs: 2000 });
    const first = held('first');
    const running = gate.enter(first.work);
    const hangUp = new AbortController();
    const read = vi.fn(() => Promise.resolve('read'));
    const waiting = gate.enter(read, hangUp.signal);
    hangUp.abort();
    expect(await waiting).toBe('abandoned');
    expect(gate.load().waiting).toBe(0);
    first.finish();
    await running;
    expect(read).not.toHaveBeenCalled();
  });

  it('frees its place when the pull fails', async () => {
    const gate = createPullGate({ running: 1, waiting: 0, maxWaitMs: 2000 });
    await expect(gate.enter(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await gate.enter(() => Promise.resolve('next'))).toEqual({ value: 'next' });
  });

  it('asks refused devices to wait 1 to 4 seconds, spread so they do not return together', () => {
    const waits = new Set(Array.from({ length: 400 }, retryAfterSeconds));
    expect([...waits].sort()).toEqual([1, 2, 3, 4]);
  });
});
