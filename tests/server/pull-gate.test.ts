import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, withinPullLimit } from '../../src/server/sync/pull-gate';

// A process works on a bounded number of pulls at once and turns the rest away at once
// (issue 34), instead of queueing work it would finish too late.

describe('the pull gate', () => {
  it('turns a pull away while the process is at its limit, and takes one again once one ends', async () => {
    let finish = () => {};
    const first = withinPullLimit(
      () => new Promise<string>((resolve) => (finish = () => resolve('first'))),
      1,
    );
    expect(await withinPullLimit(() => Promise.resolve('second'), 1)).toBeNull();
    finish();
    expect(await first).toEqual({ value: 'first' });
    expect(await withinPullLimit(() => Promise.resolve('third'), 1)).toEqual({ value: 'third' });
  });

  it('frees its place when the pull fails', async () => {
    await expect(withinPullLimit(() => Promise.reject(new Error('db down')), 1)).rejects.toThrow(
      'db down',
    );
    expect(await withinPullLimit(() => Promise.resolve('next'), 1)).toEqual({ value: 'next' });
  });

  it('asks refused devices to wait 1 to 4 seconds, spread so they do not return together', () => {
    const waits = new Set(Array.from({ length: 400 }, retryAfterSeconds));
    expect([...waits].sort()).toEqual([1, 2, 3, 4]);
  });
});
