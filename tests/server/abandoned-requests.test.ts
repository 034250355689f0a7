import { describe, expect, it } from 'vitest';
import { abandonedRequests, isAbandoned } from '../../src/server/http/abandoned-requests';

describe('requests whose clients hang up', () => {
  it('are logged once at first, then as one count a minute, never one line each', () => {
    let now = 0;
    const lines: string[] = [];
    const scheduled: { run: () => void; at: number }[] = [];
    const counter = abandonedRequests(
      (line) => lines.push(line),
      () => now,
      (run, ms) => scheduled.push({ run, at: now + ms }),
    );
    counter.note();
    expect(lines).toEqual([
      '1 request was abandoned by its client before the body arrived (in the last minute).',
    ]);
    for (let i = 0; i < 449; i += 1) {
      now += 10;
      counter.note();
    }
    expect(lines).toHaveLength(1);
    expect(scheduled).toHaveLength(1);
    now = scheduled[0]?.at ?? 0;
    scheduled[0]?.run();
    expect(lines[1]).toBe(
      '449 requests were abandoned by their clients before the body arrived (in the last minute).',
    );
  });

  it('are told apart from server errors', () => {
    const aborted = new AbortController();
    aborted.abort();
    const hungUp = new Request('http://localhost/', { signal: aborted.signal });
    expect(isAbandoned(hungUp, new Error('anything'))).toBe(true);
    const live = new Request('http://localhost/');
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isAbandoned(live, reset)).toBe(true);
    expect(isAbandoned(live, new TypeError('x is undefined'))).toBe(false);
  });
});
