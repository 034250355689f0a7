import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPullGate } from '../../src/server/sync/pull-gate';

// A process works on a bounded number of pulls at once, lets more wait their turn as long as it
// expects to start them soon, and turns the rest away at once (issue 34): it neither queues work
// it would finish too late nor sits idle while refused devices wait out their Retry-After.

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

  it('lines up only the pulls it expects to start within the longest wait', async () => {
    // One at a time, each taken to last 400 ms: the first two in line start within 800 ms, the
    // third would start after 1.2 s, past the 1 s the gate lets a pull wait.
    const gate = createPullGate({ running: 1, waiting: 100, maxWaitMs: 1000, firstMeanMs: 400 });
    const first = held('first');
    const running = gate.enter(first.work);
    const inLine = [gate.enter(() => Promise.resolve(2)), gate.enter(() => Promise.resolve(3))];
    expect(await gate.enter(() => Promise.resolve(4))).toBe('busy');
    expect(gate.load()).toEqual({ running: 1, waiting: 2, refused: 1 });
    first.finish();
    await running;
    expect(await Promise.all(inLine)).toEqual([{ value: 2 }, { value: 3 }]);
  });

  it('asks refused devices to come back about when the line has cleared, spread at random', async () => {
    let next = 0;
    const gate = createPullGate({
      running: 2,
      waiting: 100,
      maxWaitMs: 8000,
      firstMeanMs: 1000,
      random: () => next,
    });
    const slow = [held(1), held(2)];
    const running = slow.map((pull) => gate.enter(pull.work));
    // Nobody in line: 1 to 3 s.
    expect(gate.retryAfter()).toBe(1);
    next = 0.999;
    expect(gate.retryAfter()).toBe(3);
    // Six in line, two at a time, 1 s each: clear in 3 s, so 1 to 6 s.
    const waiting = Array.from({ length: 6 }, (_, i) => gate.enter(() => Promise.resolve(i)));
    expect(gate.retryAfter()).toBe(6);
    next = 0;
    expect(gate.retryAfter()).toBe(1);
    for (const pull of slow) pull.finish();
    await Promise.all([...running, ...waiting]);
  });

  it('never asks a device to wait much longer than the longest wait in line', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout', 'Date'] });
    const gate = createPullGate({
      running: 1,
      waiting: 100,
      maxWaitMs: 8000,
      firstMeanMs: 1000,
      random: () => 0.999,
    });
    const first = held(0);
    const running = gate.enter(first.work);
    const second = held(1);
    const next = gate.enter(second.work);
    const rest = Array.from({ length: 6 }, (_, i) => gate.enter(() => Promise.resolve(i)));
    // The first pull took 7.9 s, so pulls are now taken to last 1.69 s: the six left in line
    // would take 10.1 s to clear, but 8 s is as long as anyone waits in it, so a refused device
    // comes back within 4 to 11 s.
    await vi.advanceTimersByTimeAsync(7900);
    first.finish();
    await running;
    expect(gate.load().waiting).toBe(6);
    expect(gate.retryAfter()).toBe(11);
    second.finish();
    await vi.runAllTimersAsync();
    await Promise.all([next, ...rest]);
  });
});
