import { describe, expect, it } from 'vitest';
import { pullPage } from '../../../src/lib/contracts/sync';
import { timeLogSchema } from '../../../src/lib/entities/time-log';
import { localFromRow } from '../../../src/lib/sync/local-records';

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
  it('reads 5,000 rows in about the time the cache takes to decode them anyway', () => {
    const text = JSON.stringify(page(Array.from({ length: 5000 }, (_, i) => row(i))));
    const body = JSON.parse(text) as ReturnType<typeof page>;
    const rows = body.changes as ReturnType<typeof row>[];
    /** What the browser does with the rows after the contract: decode each for the cache. */
    const decode = () =>
      rows.map((r) =>
        timeLogSchema.safeParse(localFromRow('timeLog', r.id, r.data, r.createdAt, r.updatedAt)),
      );
    const timed = (run: () => unknown) => {
      const started = performance.now();
      run();
      return performance.now() - started;
    };
    pullPage.safeParse(body); // warm up
    decode();
    const parsed = pullPage.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.changes).toHaveLength(5000);
    // Measured against the decoding on the same (shared, busy) machine: the contract's cost is
    // that decoding and a few property reads per row (about 1.2 times it when measured).
    const contract = Math.min(...[0, 1, 2].map(() => timed(() => pullPage.safeParse(body))));
    const decoding = Math.min(...[0, 1, 2].map(() => timed(decode)));
    expect(contract).toBeLessThan(decoding * 3 + 5);
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
