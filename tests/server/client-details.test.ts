import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleExport } from '../../src/server/api/read-handlers';
import { handlePull } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, get } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  type SignedUp,
} from './workspace-support';

// Issue 31, "Who sees what": a client's contact and billing details leave the server only for
// those who manage clients (Admins). A Manager or a Normal member on the client's project still
// sees the client, by name, to label their logs and reports.

const acme = {
  ...clientFields('Acme Ltd'),
  contactPerson: 'Asha Rao',
  email: 'asha@acme.test',
  phone: '+91 80 1234 5678',
  address: '1 MG Road, Bengaluru',
  country: 'IN',
  taxName: 'GST',
  taxPercentage: 18,
  taxNumber: '29ABCDE1234F1Z5',
};

describe.each(drivers)('client contact and billing details on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  const people: Record<'Manager' | 'Normal', SignedUp> = {} as never;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.details@example.com' });
    const { ok } = pusher(
      () => database,
      () => admin.workspace.id,
    );
    await ok(admin, 'createClient', { id: 'c-acme', fields: acme });
    for (const role of ['Manager', 'Normal'] as const) {
      const memberId = `m-${role}`;
      await ok(admin, 'createMember', { id: memberId, fields: teamMember(role, role) });
      people[role] = await joinWorkspace(
        database,
        admin.workspace.id,
        { name: role, email: `${role.toLowerCase()}.details@example.com` },
        role,
        memberId,
      );
    }
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: { ...projectFields('Website', 'c-acme'), memberIds: ['m-Manager', 'm-Normal'] },
    });
  });
  afterAll(async () => drop());

  const pulledClient = async (who: SignedUp) => {
    const res = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, who.cookie),
      context(database),
    );
    expect(res.status).toBe(200);
    const { changes } = (await res.json()) as {
      changes: { kind: string; id: string; data: Record<string, unknown> }[];
    };
    return changes.find((c) => c.kind === 'client' && c.id === 'c-acme')?.data;
  };

  const exportedClient = async (who: SignedUp) => {
    const res = await handleExport(
      get(`/api/export?workspace=${admin.workspace.id}`, who.cookie),
      context(database),
    );
    expect(res.status).toBe(200);
    const file = (await res.json()) as { clients: Record<string, unknown>[] };
    return file.clients.find((c) => c['name'] === 'Acme Ltd');
  };

  const withoutDetails = {
    name: 'Acme Ltd',
    country: 'IN',
    status: 'Active',
    contactPerson: '',
    email: '',
    phone: '',
    address: '',
    taxName: '',
    taxPercentage: null,
    taxNumber: '',
  };

  it('sends an Admin every detail of the client', async () => {
    expect(await pulledClient(admin)).toMatchObject({
      contactPerson: 'Asha Rao',
      email: 'asha@acme.test',
      phone: '+91 80 1234 5678',
      taxNumber: '29ABCDE1234F1Z5',
      taxPercentage: 18,
    });
    expect(await exportedClient(admin)).toMatchObject({ email: 'asha@acme.test' });
  });

  for (const role of ['Manager', 'Normal'] as const) {
    it(`sends a ${role} the client by name, without contact or billing details, in pulls and exports`, async () => {
      expect(await pulledClient(people[role])).toMatchObject(withoutDetails);
      expect(await exportedClient(people[role])).toMatchObject(withoutDetails);
      const text = JSON.stringify([
        await pulledClient(people[role]),
        await exportedClient(people[role]),
      ]);
      for (const secret of [
        'asha@acme.test',
        '1234 5678',
        'Asha Rao',
        '29ABCDE1234F1Z5',
        'MG Road',
      ])
        expect(text).not.toContain(secret);
    });
  }
});
