import { describe, expect, it } from 'vitest';
import { pullPage } from '../../../src/lib/contracts/sync';

// Issue 48: the browser parses each pull page with its contract. A first pull carries thousands
// of rows, so the envelope is checked strictly and each row's data by its kind's read schema,
// whose fast path takes a well-formed record in a few property reads.

/** A log as the server stores it (its kind's stored fields) and pulls send it. */
const row = (i: number) => ({
  kind: 'timeLog',
  id: `log-${i}`,
  deleted: false,
  data: {
    date: '2026-11-02',
    projectId: 'p1',
    taskId: 't1',
    memberId: 'm1',
    tags: 'design',
    desc: `<p>Work item ${i}</p>`,
    dur: 5400,
    st: '09:00',
    end: '10:30',
    exp: 0,
    status: 'approved',
    billable: true,
  },
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T10:30:00.000Z',
});

const rules = {
  timeZone: 'UTC',
  weekStart: 1,
  lockedUpTo: null,
  autoLock: null,
  managersSeeAmounts: false,
  requireProjectAndTask: false,
  durationFormat: 'clock',
};

const page = (changes: unknown[]) => ({
  cookie: '41',
  reset: true,
  changes,
  next: null,
  lastMutationIds: { c1: 7 },
  access: {
    role: 'Admin',
    memberId: 'm1',
    seesAmounts: true,
    rules,
    currency: 'EUR',
    teamMembers: null,
  },
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

  it.each([
    ['a log’s duration as text', { dur: 'an hour' }],
    ['a log’s duration below zero', { dur: -60 }],
    ['a log’s expenses as a list', { exp: [3] }],
  ])('refuses a row whose data its kind cannot hold: %s', (_, wrong) => {
    const bad = { ...row(1), data: { ...row(1).data, ...wrong } };
    expect(pullPage.safeParse(page([row(0), bad])).success).toBe(false);
  });

  it('takes a deletion without fields, but not a live row without them', () => {
    expect(pullPage.safeParse(page([{ ...row(1), deleted: true, data: null }])).success).toBe(true);
    expect(pullPage.safeParse(page([{ ...row(1), data: null }])).success).toBe(false);
  });

  it.each([
    ['a role the app does not have', { role: 'Owner' }],
    ['rules without a time zone', { rules: { ...rules, timeZone: undefined } }],
    ['a week starting on day 9', { rules: { ...rules, weekStart: 9 } }],
    ['team members as one text', { teamMembers: 'm2' }],
    ['no currency', { currency: undefined }],
  ])('refuses the caller’s access with %s', (_, wrong) => {
    const body = page([row(1)]);
    expect(pullPage.safeParse(body).success).toBe(true);
    expect(pullPage.safeParse({ ...body, access: { ...body.access, ...wrong } }).success).toBe(
      false,
    );
  });
});
