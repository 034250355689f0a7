import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { handleRegister } from '../../src/server/api/handlers';
import { handlePush, handleWorkspaces } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, cookieOf, fakeClock, freshAddress, get, post } from './support';

/** A new account signed in, with the workspace sign-up gave it. */
export interface SignedUp {
  cookie: string;
  workspace: { id: string; name: string; role: string; memberId: string };
}

/** Signs up through the real handler and reads the new account's workspace. */
export async function signUp(
  database: Database,
  account: { name: string; email: string; password?: string },
  clock = fakeClock(),
): Promise<SignedUp> {
  const res = await handleRegister(
    post('/user/register', { password: 'a good password', ...account }),
    context(database, clock, freshAddress()),
  );
  expect(res.status).toBe(201);
  const cookie = cookieOf(res);
  const listed = await handleWorkspaces(get('/sync/workspaces', cookie), context(database, clock));
  const { workspaces } = (await listed.json()) as { workspaces: SignedUp['workspace'][] };
  const workspace = workspaces[0];
  if (!workspace) throw new Error('sign-up gave no workspace');
  return { cookie, workspace };
}

// Every field of each kind, as the strict write schemas of src/lib/sync/fields.ts want them.

export const clientFields = (name: string) => ({
  name,
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: 'GST',
  taxPercentage: 18,
  taxNumber: '',
  status: 'Active',
});
export const projectFields = (projectName: string, clientId: string | null) => ({
  projectName,
  clientId,
  hours: 40,
  billamount: 1500,
  description: '',
  billable: 'project',
  rounding: 'up',
  timeInterval: 15,
  approval: false,
  status: 'Active',
});
export const timeLogFields = (date: string, projectId: string | null, dur: number) => ({
  date,
  projectId,
  taskId: null,
  memberId: null,
  tags: '',
  desc: '<p>Design review</p>',
  dur,
  st: '09:00',
  end: '10:30',
  exp: 250.5,
  status: 'approved',
});

/** A team-member record's fields for `name` with `Role`, at an address of `domain`. */
export const teamMember = (name: string, Role: string, domain = 'agency.test') => ({
  name,
  email: `${name.toLowerCase()}@${domain}`,
  LoborRate: 0,
  BillableRate: 0,
  Role,
  notes: '',
  status: 'Active',
  autoAddToProjects: false,
});

/** Signs up `person` and makes them a member of `workspaceId` with `role` and team record. */
export async function joinWorkspace(
  database: Database,
  workspaceId: string,
  person: { name: string; email: string },
  role: 'Admin' | 'Manager' | 'Normal',
  memberId: string,
  clock = fakeClock(),
): Promise<SignedUp> {
  const who = await signUp(database, person, clock);
  await database.db.execute(
    sql`INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at) SELECT ${workspaceId}, id, ${role}, ${memberId}, now() FROM users WHERE email = ${person.email}`,
  );
  return who;
}

/**
 * Pushes one mutation at a time as whoever is given, into `workspace()`, answering its result
 * (`ok` expects it applied; `refusal` gives the message of a refused one).
 */
export function pusher(database: () => Database, workspace: () => string, clock = fakeClock()) {
  let mutationId = 0;
  const pushAs = async (who: { cookie: string }, name: string, args: unknown) => {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: workspace(),
          clientId: `push-${who.cookie.slice(11, 30)}`,
          mutations: [{ id: (mutationId += 1), name, args }],
        },
        who.cookie,
      ),
      context(database(), clock),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { outcome: string; message?: string }[] };
    return body.results[0] as { outcome: string; message?: string };
  };
  return {
    pushAs,
    ok: async (who: { cookie: string }, name: string, args: unknown) =>
      expect(await pushAs(who, name, args)).toEqual({ id: mutationId, outcome: 'ok' }),
    refusal: async (who: { cookie: string }, name: string, args: unknown) =>
      (await pushAs(who, name, args)).message,
  };
}
