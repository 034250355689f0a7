// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $notices, loadNotices } from '../../../src/stores/notices';

// Issue 47, point 14: Account setting opened with two readers of the notices (the bell and the
// notice settings), and each sent its own /user/notices while the page's other reads waited.

afterEach(() => vi.unstubAllGlobals());

const state = (unread: number) =>
  JSON.stringify({ notices: [], unread, preferences: [], mail: false });

describe('loadNotices', () => {
  it('shares one request between readers that ask while it is on its way, then asks again', async () => {
    const fetcher = vi.fn(() =>
      Promise.resolve(
        new Response(state(fetcher.mock.calls.length), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetcher);
    const [bell, settings] = await Promise.all([loadNotices(), loadNotices()]);
    expect([bell, settings]).toEqual([true, true]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect($notices.get()?.unread).toBe(1);
    // A read after the first answered is a new one (the bell's minute, a change made).
    await loadNotices();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect($notices.get()?.unread).toBe(2);
  });
});
