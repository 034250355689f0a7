import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect';
import { voidInvoice } from './invoice-commands';
import type { Membership } from '../../src/server/sync/permissions';
import { rows } from '../../src/server/sync/records';
import { drivers, fakeClock } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';
import { issueFor, membershipByEmail } from './invoice-support';

// Records an issued invoice stands on, and ids of deleted logs (issue 25, point 6), through real
// pushes: what is refused is answered in words beside the change, as the push's other refusals.

describe.each(drivers)('records behind invoices and deleted logs on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof joinWorkspace>>;
  let ravi: Awaited<ReturnType<typeof joinWorkspace>>;
  let membership: Membership;
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const log = (projectId: string, memberId: string, date = '2026-11-17') => ({
    ...timeLogFields(date, projectId, 3600),
    memberId,
  });
  const stored = async (table: 'projects' | 'clients' | 'time_logs', id: string) =>
    (
      await rows<{ deleted: boolean; member: string | null }>(
        database.db,
        sql`SELECT deleted, data->>'memberId' AS member FROM ${sql.identifier(table)} WHERE workspace_id = ${admin.workspace.id} AND id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.guards@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm1', fields: teamMember('Asha', 'Normal') });
    await ok(admin, 'createMember', { id: 'm2', fields: teamMember('Ravi', 'Normal') });
    await ok(admin, 'createClient', { id: 'acme', fields: clientFields('Acme') });
    await ok(admin, 'createClient', { id: 'bolt', fields: clientFields('Bolt') });
    const project = (id: string, name: string, clientId: string) =>
      ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(name, clientId), memberIds: ['m1', 'm2'] },
      });
    await project('web', 'Website', 'acme');
    await project('ops', 'Ops', 'acme');
    await project('app', 'App', 'bolt');
    asha = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Asha', email: 'asha.guards@example.com' },
      'Normal',
      'm1',
      clock,
    );
    ravi = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Ravi', email: 'ravi.guards@example.com' },
      'Normal',
      'm2',
      clock,
    );
    membership = await membershipByEmail(database, 'ada.guards@example.com', admin.workspace.id);
  });
  afterAll(async () => drop());

  it('keeps the project and the client of an issued invoice until it is voided', async () => {
    // Website's log is on invoice 2026-0001 for Acme; Ops (also Acme's) has no time; Bolt's App
    // has time on no invoice.
    await ok(admin, 'addTimeLog', { id: 'L1', fields: log('web', 'm1') });
    await ok(admin, 'addTimeLog', { id: 'L2', fields: log('app', 'm1') });
    const invoice = await issueFor(
      database,
      membership,
      { clientId: 'acme', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-24',
      clock.now(),
    );
    expect(invoice.number).toBe('2026-0001');

    expect(await pushAs(admin, 'deleteProject', { id: 'web' })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message:
        'This project has time on invoice 2026-0001: void the invoice before deleting the project, or archive the project instead.',
    });
    expect(await pushAs(admin, 'deleteClient', { id: 'acme' })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message:
        'This client has invoice 2026-0001: void the invoice before deleting the client, or archive the client instead.',
    });
    expect(await stored('projects', 'web')).toMatchObject({ deleted: false });
    expect(await stored('clients', 'acme')).toMatchObject({ deleted: false });
    // What no issued invoice stands on is deleted as before.
    await ok(admin, 'deleteProject', { id: 'ops' });
    await ok(admin, 'deleteProject', { id: 'app' });
    await ok(admin, 'deleteClient', { id: 'bolt' });

    // Voided, the invoice holds nothing: both may go (the void invoice keeps its copies).
    expect(await voidInvoice(database.db, membership, invoice.id, clock.now())).toEqual({
      ok: true,
      status: 'void',
    });
    await ok(admin, 'deleteProject', { id: 'web' });
    await ok(admin, 'deleteClient', { id: 'acme' });
  });

  it('lets nobody re-create someone else’s deleted log as their own', async () => {
    await ok(admin, 'createProject', {
      id: 'crm',
      fields: { ...projectFields('CRM', null), memberIds: ['m1', 'm2'] },
    });
    await ok(ravi, 'addTimeLog', { id: 'R1', fields: log('crm', 'm2', '2026-11-23') });
    await ok(ravi, 'deleteTimeLog', { id: 'R1' });
    expect(await pushAs(asha, 'addTimeLog', { id: 'R1', fields: log('crm', 'm1') })).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: 'This time log was deleted, and only someone who could change it may bring it back.',
    });
    expect(await stored('time_logs', 'R1')).toEqual({ deleted: true, member: 'm2' });
    // Bringing back one's own deleted log (an undo) still works, and so does an Admin's.
    await ok(asha, 'addTimeLog', { id: 'A1', fields: log('crm', 'm1', '2026-11-23') });
    await ok(asha, 'deleteTimeLog', { id: 'A1' });
    await ok(asha, 'addTimeLog', { id: 'A1', fields: log('crm', 'm1', '2026-11-23') });
    expect(await stored('time_logs', 'A1')).toEqual({ deleted: false, member: 'm1' });
    await ok(admin, 'addTimeLog', { id: 'R1', fields: log('crm', 'm2', '2026-11-23') });
    expect(await stored('time_logs', 'R1')).toEqual({ deleted: false, member: 'm2' });
  });
});
