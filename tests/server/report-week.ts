import type { Database } from '../../src/server/db/connect';
import type { fakeClock } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// The week of 16–22 Nov 2026 the report tests work out by hand (tests/server/reports.test.ts has
// the table): Asha bills ₹1,000/h and costs ₹400/h, Bilal bills ₹800/h and costs ₹300/h.
//
// | log | project (billing, rounding)        | who   | day    | tracked | billed | amount   | task     |
// | L1  | Website (₹1,500/h project, up 15)  | Asha  | 16 Nov | 3000 s  | 3600 s | 150000 p |          |
// | L2  | Website                            | Bilal | 17 Nov | 5400 s  | 5400 s | 225000 p | Homepage |
// | L3  | Support (member rate, nearest 30)  | Asha  | 18 Nov | 4500 s  | 5400 s | 150000 p |          |
// | L4  | Support                            | Bilal | 20 Nov | 2000 s  | 1800 s | 40000 p  |          |
// | L5  | Internal (non billable, no client) | Asha  | 21 Nov | 7200 s  | 0      | 0        |          |
// | L6  | Website                            | Asha  | 23 Nov | outside the week                      |

type Ok = (who: { cookie: string }, name: string, args: unknown) => Promise<void>;

/** Seeds the week into a new workspace of Ada (Admin) and signs in Asha (Normal, member m1). */
export async function seedReportWeek(
  database: Database,
  ok: Ok,
  clock: ReturnType<typeof fakeClock>,
  admin: SignedUp,
  ashaEmail: string,
): Promise<SignedUp> {
  const rates = (LoborRate: number, BillableRate: number) => ({ LoborRate, BillableRate });
  await ok(admin, 'createMember', {
    id: 'm1',
    fields: { ...teamMember('Asha', 'Normal'), ...rates(400, 1000) },
  });
  await ok(admin, 'createMember', {
    id: 'm2',
    fields: { ...teamMember('Bilal', 'Normal'), ...rates(300, 800) },
  });
  await ok(admin, 'createClient', { id: 'c1', fields: clientFields('Acme') });
  const everyone = { memberIds: ['m1', 'm2'] };
  await ok(admin, 'createProject', {
    id: 'pA',
    fields: {
      ...projectFields('Website', 'c1'),
      billamount: 1500,
      rounding: 'up',
      timeInterval: 15,
      ...everyone,
    },
  });
  await ok(admin, 'createProject', {
    id: 'pB',
    fields: {
      ...projectFields('Support', 'c1'),
      billable: 'member',
      billamount: 0,
      rounding: 'nearest',
      timeInterval: 30,
      ...everyone,
    },
  });
  await ok(admin, 'createProject', {
    id: 'pC',
    fields: {
      ...projectFields('Internal', null),
      billable: 'false',
      billamount: 0,
      rounding: 'false',
      ...everyone,
    },
  });
  await ok(admin, 'createTask', {
    id: 't1',
    fields: { projectId: 'pA', task: 'Homepage', assigneeIds: [], billableRate: 0 },
  });
  const log = (
    id: string,
    projectId: string,
    memberId: string,
    date: string,
    dur: number,
    exp: number,
    tags: string,
    more: Record<string, unknown> = {},
  ) =>
    ok(admin, 'addTimeLog', {
      id,
      fields: { ...timeLogFields(date, projectId, dur), memberId, exp, tags, ...more },
    });
  await log('L1', 'pA', 'm1', '2026-11-16', 3000, 0, 'design', {
    desc: '<p>Mock-ups &amp; <strong>colours</strong></p>',
  });
  await log('L2', 'pA', 'm2', '2026-11-17', 5400, 250.5, 'design, review', { taskId: 't1' });
  await log('L3', 'pB', 'm1', '2026-11-18', 4500, 0, 'support');
  await log('L4', 'pB', 'm2', '2026-11-20', 2000, 0, '');
  await log('L5', 'pC', 'm1', '2026-11-21', 7200, 100, 'admin');
  await log('L6', 'pA', 'm1', '2026-11-23', 3600, 0, 'design');
  return joinWorkspace(
    database,
    admin.workspace.id,
    { name: 'Asha', email: ashaEmail },
    'Normal',
    'm1',
    clock,
  );
}

/** Signs Ada up as the Admin of a new workspace. */
export const signUpAda = (database: Database, email: string, clock: ReturnType<typeof fakeClock>) =>
  signUp(database, { name: 'Ada', email }, clock);
