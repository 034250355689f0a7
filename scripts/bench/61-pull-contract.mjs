// Issue 48: the browser parses every pull page with its contract (src/lib/contracts/sync.ts,
// loaded through tsx, the code the browser runs). A first pull carries thousands of rows, so
// the parse must stay a small part of the page's arrival. Budget: a page of 5,000 logs parsed
// in under 50 ms (median of 15, after a warm-up); exit code 1 when over.
import { tsImport } from 'tsx/esm/api';
import { median } from './_harness.mjs';

const BUDGET_MS = 50;
const { pullPage } = await tsImport('../../src/lib/contracts/sync.ts', import.meta.url);

const row = (i) => ({
  kind: 'timeLog',
  id: `log-${i}`,
  deleted: false,
  // A log as the server stores it: the contract reads it with the time-log kind's read schema.
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
const body = JSON.parse(
  JSON.stringify({
    cookie: '41',
    reset: true,
    changes: Array.from({ length: 5000 }, (_, i) => row(i)),
    next: null,
    lastMutationIds: { c1: 7 },
    access: {
      role: 'Admin',
      memberId: 'm1',
      seesAmounts: true,
      rules: {
        timeZone: 'UTC',
        weekStart: 1,
        lockedUpTo: null,
        autoLock: null,
        managersSeeAmounts: false,
        requireProjectAndTask: false,
        durationFormat: 'clock',
      },
      currency: 'INR',
      teamMembers: null,
    },
  }),
);

if (!pullPage.safeParse(body).success) {
  console.log('a page of 5,000 logs does not pass its contract');
  process.exit(1);
}
const times = [];
for (let i = 0; i < 15; i++) {
  const started = performance.now();
  pullPage.safeParse(body);
  times.push(performance.now() - started);
}
const took = median(times);
console.log(
  `a pull page of 5,000 logs parsed by its contract: ${took.toFixed(1)} ms median (budget ${BUDGET_MS} ms) ${took <= BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
);
if (took > BUDGET_MS) process.exitCode = 1;
