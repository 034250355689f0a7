import { expect } from 'vitest';
import { handleRegister } from '../../src/server/api/handlers';
import { handleWorkspaces } from '../../src/server/api/sync-handlers';
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
