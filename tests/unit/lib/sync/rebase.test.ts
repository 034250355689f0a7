import { describe, expect, it } from 'vitest';
import type { Client } from '../../../../src/lib/entities/client';
import type { TimeLog } from '../../../../src/lib/entities/time-log';
import type { LocalRecords } from '../../../../src/lib/sync/local-records';
import {
  mutationsFromDiff,
  rebase,
  withBases,
  type PendingMutation,
  type PulledChange,
} from '../../../../src/lib/sync/rebase';

const at = '2026-11-20T10:00:00.000Z';
const now = '2026-11-23T09:00:00.000Z';

const client = (id: string, name: string, extra: Partial<Client> = {}): Client => ({
  id,
  name,
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  vatNumber: '',
  city: '',
  postCode: '',
  eInvoiceProfile: '',
  electronicAddress: '',
  electronicAddressScheme: '',
  buyerReference: '',
  country: '',
  status: 'Active',
  createdAt: at,
  updatedAt: at,
  ...extra,
});

const empty = (): LocalRecords => ({ clients: [], projects: [], tasks: [], members: [], logs: [] });

const row = (kind: PulledChange['kind'], id: string, data: Record<string, unknown> | null) => ({
  kind,
  id,
  deleted: data === null,
  data,
  createdAt: at,
  updatedAt: at,
});

const { id: _id, createdAt: _c, updatedAt: _u, ...acmeFields } = client('c1', 'Acme');

describe('mutationsFromDiff', () => {
  it('sends a create with every field, an update with only what changed, a delete by id', () => {
    const acme = client('c1', 'Acme');
    const bolt = client('c2', 'Bolt');
    const renamed = { ...acme, name: 'Acme Ltd', updatedAt: now };
    const nova = client('c3', 'Nova');
    const mutations = mutationsFromDiff('client', [acme, bolt], [renamed, nova]);
    expect(mutations).toEqual([
      {
        name: 'updateClient',
        record: 'client:c1',
        args: { id: 'c1', changes: { name: 'Acme Ltd' } },
      },
      {
        name: 'createClient',
        record: 'client:c3',
        args: { id: 'c3', fields: { ...acmeFields, name: 'Nova' }, createdAt: at },
      },
      { name: 'deleteClient', record: 'client:c2', args: { id: 'c2' } },
    ]);
  });

  it('sends nothing for a reorder or a change of shown labels only', () => {
    const acme = client('c1', 'Acme');
    const bolt = client('c2', 'Bolt');
    expect(mutationsFromDiff('client', [acme, bolt], [bolt, { ...acme }])).toEqual([]);
    const log = {
      id: 'l1',
      date: '2026-11-20',
      client: 'Acme / Web',
      projectId: 'p1',
      task: '',
      taskId: null,
      tags: '',
      desc: '',
      dur: 60,
      st: '',
      end: '',
      exp: 0,
      memberId: null,
      status: 'approved',
    } as TimeLog;
    expect(mutationsFromDiff('timeLog', [log], [{ ...log, client: 'Acme Ltd / Web' }])).toEqual([]);
  });
});

describe('rebase', () => {
  it('replaces rows the pull brings and keeps pending changes on top of them', () => {
    // The device renamed Acme (pending); meanwhile another device set its tax number.
    const acme = client('c1', 'Acme');
    const pending: PendingMutation[] = [
      {
        id: 7,
        name: 'updateClient',
        record: 'client:c1',
        args: { id: 'c1', changes: { name: 'Acme Ltd' } },
      },
    ];
    const bases = withBases({}, pending, () => acme);
    const out = rebase({
      local: { ...empty(), clients: [{ ...acme, name: 'Acme Ltd' }] },
      timer: { status: 'idle' },
      changes: [row('client', 'c1', { ...acmeFields, taxNumber: 'GST-9' })],
      reset: false,
      pending,
      bases,
      now,
    });
    expect(out.local.clients).toHaveLength(1);
    expect(out.local.clients[0]).toMatchObject({ name: 'Acme Ltd', taxNumber: 'GST-9' });
    expect(out.bases['client:c1']).toMatchObject({ name: 'Acme', taxNumber: 'GST-9' });
  });

  it('lays a pending command’s steps over pulled rows until the server’s answer arrives', () => {
    // A command (named, sent as itself) whose changes here renamed Acme and archived Bolt.
    const acme = client('c1', 'Acme');
    const bolt = client('c2', 'Bolt');
    const { id: _b, createdAt: _bc, updatedAt: _bu, ...boltFields } = bolt;
    const pending: PendingMutation[] = [
      {
        id: 3,
        name: 'editClient',
        record: 'client:c1',
        args: { id: 'c1', name: 'Acme Ltd' },
        steps: [
          {
            name: 'updateClient',
            record: 'client:c1',
            args: { id: 'c1', changes: { name: 'Acme Ltd' } },
          },
          {
            name: 'updateClient',
            record: 'client:c2',
            args: { id: 'c2', changes: { status: 'Archived' } },
          },
        ],
      },
    ];
    const bases = withBases({}, pending, (record) => (record === 'client:c1' ? acme : bolt));
    expect(Object.keys(bases).sort()).toEqual(['client:c1', 'client:c2']);
    const out = rebase({
      local: { ...empty(), clients: [acme, bolt] },
      timer: { status: 'idle' },
      changes: [
        row('client', 'c1', { ...acmeFields, phone: '020 7946 0000' }),
        row('client', 'c2', { ...boltFields, email: 'hi@bolt.test' }),
      ],
      reset: false,
      pending,
      bases,
      now,
    });
    expect(out.local.clients.map((c) => [c.name, c.status, c.phone, c.email])).toEqual([
      ['Acme Ltd', 'Active', '020 7946 0000', ''],
      ['Bolt', 'Archived', '', 'hi@bolt.test'],
    ]);
  });

  it('undoes a refused change: once confirmed, the record is the server’s again', () => {
    const acme = client('c1', 'Acme');
    const bases = { 'client:c1': acme };
    const out = rebase({
      local: { ...empty(), clients: [{ ...acme, name: 'Refused name' }] },
      timer: { status: 'idle' },
      changes: [],
      reset: false,
      pending: [],
      bases,
      now,
    });
    expect(out.local.clients[0]?.name).toBe('Acme');
    expect(out.bases).toEqual({});
  });

  it('removes a refused new record and a record deleted on the server', () => {
    const out = rebase({
      local: { ...empty(), clients: [client('c1', 'Acme'), client('c9', 'Made offline')] },
      timer: { status: 'idle' },
      changes: [row('client', 'c1', null)],
      reset: false,
      pending: [],
      bases: { 'client:c9': null },
      now,
    });
    expect(out.local.clients).toEqual([]);
  });

  it('a reset keeps only the server’s rows and the pending records', () => {
    const out = rebase({
      local: { ...empty(), clients: [client('old', 'Someone else’s')] },
      timer: { status: 'running', startedAt: 1, day: '2026-11-20', continueLogId: null },
      changes: [row('client', 'c1', acmeFields)],
      reset: true,
      pending: [
        {
          id: 1,
          name: 'createClient',
          record: 'client:c2',
          args: { id: 'c2', fields: { ...acmeFields, name: 'Bolt' } },
        },
      ],
      bases: { 'client:c2': null },
      now,
    });
    expect(out.local.clients.map((c) => c.name)).toEqual(['Acme', 'Bolt']);
    expect(out.timer).toEqual({ status: 'idle' });
  });

  it('derives labels from current names and keeps a deleted project’s label on its logs', () => {
    const project = {
      projectName: 'Website',
      clientId: 'c1',
      hours: 0,
      billamount: 0,
      description: '',
      billable: 'member',
      rounding: 'false',
      timeInterval: 15,
      approval: false,
      status: 'Active',
    };
    const log = (projectId: string) => ({
      date: '2026-11-20',
      projectId,
      taskId: null,
      memberId: null,
      tags: '',
      desc: '',
      dur: 3600,
      st: '',
      end: '',
      exp: 0,
      status: 'approved',
    });
    const first = rebase({
      local: empty(),
      timer: { status: 'idle' },
      changes: [
        row('client', 'c1', acmeFields),
        row('project', 'p1', project),
        row('timeLog', 'l1', log('p1')),
        row('timeLog', 'l2', { ...log('gone'), date: '2026-11-21' }),
      ],
      reset: true,
      pending: [],
      bases: {},
      now,
    });
    expect(first.local.logs.map((l) => [l.id, l.client])).toEqual([
      ['l2', ''],
      ['l1', 'Acme / Website'],
    ]);
    const renamed = rebase({
      ...first,
      changes: [
        row('client', 'c1', { ...acmeFields, name: 'Acme Ltd' }),
        row('project', 'p1', null),
      ],
      reset: false,
      pending: [],
      now,
    });
    // The project is gone: its log keeps the label it had.
    expect(renamed.local.logs.find((l) => l.id === 'l1')?.client).toBe('Acme / Website');
    expect(renamed.local.projects).toEqual([]);
  });
});
