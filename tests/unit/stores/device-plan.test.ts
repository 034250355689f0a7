import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { commands, type CommandName } from '../../../src/lib/commands/catalog';
import type { LocalRecords } from '../../../src/lib/sync/local-records';
import type { PendingMutation } from '../../../src/lib/sync/rebase';
import { createSyncEngine } from '../../../src/stores/sync/engine';
import { syncStateKey, type SyncState } from '../../../src/stores/sync/state';
import { asFetch, fakeDeps, manualClock } from './sync-fakes';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// Issue 48: the device runs the catalog's plan of every command on its cache. The store's own
// list change is only the first paint: where it is wrong, the cache ends as the plan makes it and
// the outbox carries the plan's stored changes, the same the server's plan makes of the command.

const owner = { userId: user.id, workspaceId: 'w1' };

const acme = {
  id: 'c-acme',
  name: 'Acme Ltd',
  contactPerson: 'Ira',
  email: 'ira@acme.test',
  phone: '',
  address: '',
  country: '',
  taxName: '',
  taxPercentage: 0,
  taxNumber: '',
  vatNumber: '',
  status: 'Active',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const site = {
  id: 'p-site',
  projectName: 'Website',
  clientId: 'c-acme',
  client: 'Acme Ltd',
  hours: 40,
  billamount: 1200,
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval: true,
  status: 'Active',
  memberIds: [],
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const log = {
  id: 'l-1',
  date: '2026-11-24',
  client: '',
  projectId: null,
  task: '',
  taskId: null,
  memberId: null,
  tags: 'ui',
  desc: '<p>Wireframes</p>',
  dur: 1800,
  st: '09:00',
  end: '09:30',
  exp: 0,
  status: 'approved',
  createdAt: '2026-11-24T09:30:00.000Z',
  updatedAt: '2026-11-24T09:30:00.000Z',
};

/** A cache holding `over`: records with the fields these commands read (the rest left out). */
const records = (over: Partial<Record<keyof LocalRecords, object[]>> = {}): LocalRecords =>
  ({ clients: [], projects: [], tasks: [], members: [], logs: [], ...over }) as LocalRecords;

let warn: MockInstance<typeof console.warn>;

/** An engine whose pushes never get an answer, so what it planned stays in its outbox. */
async function engineWith(local: LocalRecords) {
  const deps = fakeDeps({ clock: manualClock(), fetch: vi.fn(asFetch(fakeFetch)) });
  const engine = createSyncEngine(deps);
  await engine.startSync(user);
  await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'));
  deps.cache.write(local);
  server.holdPushes = new Promise(() => {});
  const state = () =>
    JSON.parse(deps.storage.map.get(syncStateKey(owner)) ?? 'null') as SyncState | null;
  const outbox = (): PendingMutation[] => state()?.outbox ?? [];
  return { deps, engine, state, outbox };
}

/** The server's plan of `name(args)` on `local` (its stored fields), as the push runs it. */
async function serverPlan(name: CommandName, args: unknown, local: LocalRecords) {
  const { serverFieldsOf, listOfKind } = await import('../../../src/lib/sync/local-records');
  const plan = await commands[name].plan(commands[name].args.parse(args), {
    record: (kind, id) => {
      const found = (local[listOfKind[kind]] as { id: string }[]).find((r) => r.id === id);
      return Promise.resolve(found ? serverFieldsOf(kind, found) : null);
    },
    timer: () => Promise.resolve(null),
    newId: () => 'unused',
  });
  if (!plan.ok) throw new Error(plan.message);
  return plan.steps;
}

const stepsOf = (m: PendingMutation | undefined) =>
  (m?.steps ?? []).map(({ name, args }) => ({ name, args }));

beforeEach(() => {
  resetServer();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  resetServer();
});

describe('the device plans each command with the catalog', () => {
  it('keeps the plan’s result when a store’s change sets a field the command does not', async () => {
    const { deps, engine, outbox } = await engineWith(records({ clients: [acme] }));
    // A store whose paint also archives Acme: the command only renames it.
    const args = { id: 'c-acme', name: 'Acme Limited' };
    deps.cache.command('editClient', args, [
      {
        key: 'clients',
        before: [acme],
        after: [{ ...acme, name: 'Acme Limited', status: 'Archived' }],
      },
    ]);
    // The first paint is the store's, at once.
    expect(deps.cache.read().clients[0]?.status).toBe('Archived');
    // In the outbox at once (leaving the page now loses nothing), then planned.
    expect(engine.$status.get().pending).toBe(1);
    expect(outbox()).toHaveLength(1);
    await vi.waitFor(() => expect(deps.cache.read().clients[0]?.status).toBe('Active'));
    expect(deps.cache.read().clients.map((c) => [c.name, c.status])).toEqual([
      ['Acme Limited', 'Active'],
    ]);
    expect(outbox()[0]).toMatchObject({ name: 'editClient', args, record: 'client:c-acme' });
    expect(stepsOf(outbox()[0])).toEqual([
      { name: 'updateClient', args: { id: 'c-acme', changes: { name: 'Acme Limited' } } },
    ]);
    expect(stepsOf(outbox()[0])).toEqual(
      await serverPlan('editClient', args, records({ clients: [acme] })),
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('editClient');
    engine.dispose();
  });

  it('fills in what a store’s change forgot: a log on a project that asks for approval is pending', async () => {
    const before = records({ clients: [acme], projects: [site] });
    const { deps, engine, outbox } = await engineWith(before);
    const args = { id: 'l-new', date: '2026-11-25', durationSeconds: 3600, projectId: 'p-site' };
    // The store's paint says approved and no billable: the plan says pending, billable.
    const painted = { ...log, id: 'l-new', date: '2026-11-25', dur: 3600, projectId: 'p-site' };
    deps.cache.command('addLog', args, [{ key: 'taskData', before: [], after: [painted] }]);
    await vi.waitFor(() => expect(deps.cache.read().logs[0]?.status).toBe('pending'));
    expect(outbox()).toHaveLength(1);
    expect(deps.cache.read().logs).toMatchObject([
      {
        id: 'l-new',
        status: 'pending',
        billable: true,
        dur: 3600,
        tags: '',
        desc: '',
        client: 'Acme Ltd / Website',
      },
    ]);
    expect(stepsOf(outbox()[0])).toEqual(await serverPlan('addLog', args, before));
    expect(stepsOf(outbox()[0])[0]?.args).toMatchObject({
      fields: { status: 'pending', billable: true, projectId: 'p-site', dur: 3600 },
    });
    engine.dispose();
  });

  it('plans commands run back to back in order, each on what the one before made', async () => {
    const before = records({ clients: [acme], projects: [site] });
    const { deps, engine, outbox } = await engineWith(before);
    // Added on no project (approved), then moved at once to Website, which asks for approval:
    // the move reads the log as the add's plan left it, so it becomes pending.
    const add = { id: 'l-2', date: '2026-11-25', durationSeconds: 600 };
    const added = { ...log, id: 'l-2', date: '2026-11-25', dur: 600, tags: '', desc: '' };
    deps.cache.command('addLog', add, [{ key: 'taskData', before: [], after: [added] }]);
    const moved = { ...added, projectId: 'p-site' };
    deps.cache.command('editLog', { id: 'l-2', projectId: 'p-site' }, [
      { key: 'taskData', before: [added], after: [moved] },
    ]);
    expect(outbox().map((m) => m.name)).toEqual(['addLog', 'editLog']);
    await vi.waitFor(() => expect(deps.cache.read().logs[0]?.status).toBe('pending'));
    expect(stepsOf(outbox()[1])).toEqual([
      {
        name: 'updateTimeLog',
        args: { id: 'l-2', changes: { status: 'pending', projectId: 'p-site' } },
      },
    ]);
    expect(deps.cache.read().logs).toMatchObject([
      { id: 'l-2', projectId: 'p-site', status: 'pending' },
    ]);
    engine.dispose();
  });

  it('sends the store’s change as its guess when a command cannot be planned here', async () => {
    const { deps, engine, outbox } = await engineWith(records({ clients: [acme] }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A name this bundle's catalog does not know (a fault): the change is not lost, and the
    // status line does not say Saving for ever.
    const renamed = { ...acme, name: 'Acme Limited' };
    deps.cache.command('renameClient' as CommandName, { id: 'c-acme', name: 'Acme Limited' }, [
      { key: 'clients', before: [acme], after: [renamed] },
    ]);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(stepsOf(outbox()[0])).toEqual([
      { name: 'updateClient', args: { id: 'c-acme', changes: { name: 'Acme Limited' } } },
    ]);
    expect(engine.$status.get().pending).toBe(1);
    error.mockRestore();
    engine.dispose();
  });

  it('undoes a command its plan refuses here and keeps it as a refusal', async () => {
    const { deps, engine, outbox, state } = await engineWith(records());
    const running = {
      status: 'running',
      startedAt: Date.parse('2026-11-25T09:00:00Z'),
      day: '2026-11-25',
      continueLogId: null,
      runId: 'run-1',
    };
    // ▶ on a log this workspace no longer has.
    const args = {
      logId: 'l-gone',
      startedAt: running.startedAt,
      day: '2026-11-25',
      runId: 'run-1',
      utcOffsetMinutes: 0,
    };
    deps.cache.command('continueLog', args, [
      { key: 'runningTimer', before: { status: 'idle' }, after: running },
    ]);
    expect(deps.cache.timer()).toMatchObject({ status: 'running' });
    await vi.waitFor(() => expect(engine.$status.get().refusals).toHaveLength(1));
    expect(deps.cache.timer()).toEqual({ status: 'idle' });
    expect(outbox()).toEqual([]);
    expect(state()?.refusals[0]).toMatchObject({
      mutation: { name: 'continueLog', args },
      reason: 'not_found',
      message: 'This time log does not exist in this workspace.',
    });
    expect(engine.$status.get().pending).toBe(0);
    engine.dispose();
  });
});
