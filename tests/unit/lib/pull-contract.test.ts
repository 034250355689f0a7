import { describe, expect, it } from 'vitest';
import { pullPage } from '../../../src/lib/contracts/sync';

// Issue 48: the browser parses each pull page with its contract. A first pull carries thousands
// of rows, so the envelope is checked strictly and each row by a few property reads.

const row = (i: number) => ({
  kind: 'timeLog',
  id: `log-${i}`,
  deleted: false,
  data: {
    date: '2026-11-02',
    start: '09:00',
    end: '10:30',
    description: `<p>Work item ${i}</p>`,
    projectId: 'p1',
    memberId: 'm1',
    tags: ['design'],
    billable: true,
  },
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T10:30:00.000Z',
});

const page = (changes: unknown[]) => ({
  cookie: '41',
  reset: true,
  changes,
  next: null,
  lastMutationIds: { c1: 7 },
  access: { role: 'Admin', memberId: 'm1', seesAmounts: true, rules: { timeZone: 'UTC' } },
});

describe('a pull page’s contract', () => {
  it('reads a first pull of 5,000 rows', () => {
    // How long it takes is the bench's figure (scripts/bench/61-pull-contract.mjs), not a test's.
    const body: unknown = JSON.parse(
      JSON.stringify(page(Array.from({ length: 5000 }, (_, i) => row(i)))),
    );
    const parsed = pullPage.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.changes).toHaveLength(5000);
    expect(parsed.data?.changes[4999]?.id).toBe('log-4999');
  });

  it('refuses a page whose row is not a change, or whose envelope is wrong', () => {
    expect(pullPage.safeParse(page([row(1), { id: 'x' }])).success).toBe(false);
    expect(pullPage.safeParse(page([{ ...row(1), kind: 'invoice' }])).success).toBe(false);
    expect(pullPage.safeParse({ ...page([row(1)]), cookie: 41 }).success).toBe(false);
    expect(pullPage.safeParse({ ...page([]), access: null }).success).toBe(false);
  });
});
