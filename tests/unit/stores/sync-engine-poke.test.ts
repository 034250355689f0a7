// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unknownAccess } from '../../../src/lib/abilities';
import { $abilities, rememberAccess } from '../../../src/stores/access';
import { $clients } from '../../../src/stores/clients';
import { $syncStatus, disposeSync, startSync } from '../../../src/stores/app-sync';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// The poke stream as the engine sees it, with a stand-in for the browser's EventSource (jsdom
// has none): a stream the server refuses (429 too many streams, 403 no longer a member) is
// closed for good, and EventSource tells the page only that an error happened.

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answered with something other than a stream: the browser gives up on it. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  /** The server took the stream and said it is live. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent('ready', { data: '{}' }));
  }
}

let pulls = 0;
let notMember = false;
const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(async () => {
  localStorage.clear();
  resetServer();
  pulls = 0;
  notMember = false;
  FakeEventSource.opened = [];
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: { body?: string }) => {
      if (!input.includes('/sync/pull')) return fakeFetch(input, init);
      pulls += 1;
      if (notMember)
        return new Response(
          JSON.stringify({
            error: 'not_member',
            message: 'You are not a member of this workspace.',
          }),
          { status: 403, headers: { 'Content-Type': 'application/json' } },
        );
      return fakeFetch(input, init);
    }),
  );
  keepMount($clients);
  keepMount($team);
  $cacheOwner.set(null);
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
});

afterEach(() => {
  // The app's engine and everything it started end with the test.
  disposeSync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sync engine and the poke stream', () => {
  it('pulls every 30 s while the server refuses the stream, and opens it again after each', async () => {
    expect(FakeEventSource.opened).toHaveLength(1);
    const before = pulls;
    latest().refuse();
    await vi.waitFor(() => expect(pulls).toBe(before + 1));
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().refuse();
    await vi.waitFor(() => expect(pulls).toBe(before + 2));
    // A slot is free again: the stream is taken, and pokes alone bring changes from then on.
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    latest().accept();
    await vi.waitFor(() => expect(pulls).toBe(before + 3));
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(pulls).toBe(before + 3);
    expect($syncStatus.get().phase).toBe('saved');
  });

  it('says so at once when the stream is refused because the person left the workspace', async () => {
    // What the last pull said: an Admin. Once refused, no role is left to offer actions of.
    const owner = $cacheOwner.get();
    if (!owner) throw new Error('the cache has no owner');
    rememberAccess(owner, { ...unknownAccess, role: 'Admin', memberId: 'm1', seesAmounts: true });
    expect($abilities.get().managesWorkspace).toBe(true);
    notMember = true;
    latest().refuse();
    await vi.waitFor(() =>
      expect($syncStatus.get()).toMatchObject({
        phase: 'error',
        problem: 'You are not a member of this workspace.',
      }),
    );
    expect($abilities.get()).toMatchObject({ role: 'Normal', managesWorkspace: false });
    // Nothing more to ask the server until the person opens Hourmark again.
    const tried = pulls;
    vi.advanceTimersByTime(90_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(pulls).toBe(tried);
  });
  it('lays the rows a poke carries over the cache without a pull, and pulls when it missed some', async () => {
    const at = '2026-11-26T09:00:00.000Z';
    const clientRow = (id: string, name: string, version: number) => ({
      kind: 'client',
      id,
      version,
      deleted: false,
      data: {
        name,
        contactPerson: '',
        email: '',
        phone: '',
        address: '',
        country: '',
        taxName: '',
        taxPercentage: null,
        taxNumber: '',
        vatNumber: '',
        status: 'Active',
      },
      createdAt: at,
      updatedAt: at,
    });
    const send = (event: string, data: unknown) =>
      latest().dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
    const names = () => $clients.get().map((c) => c.name);
    const before = pulls;
    // The device pulled up to version 0; a change at 1 comes with its row.
    send('changes', { from: 0, to: 1, changes: [clientRow('c1', 'Acme Ltd', 1)] });
    expect(names()).toEqual(['Acme Ltd']);
    // Told of versions it has (a plain poke for 1, rows up to 1 again): nothing to do.
    send('poke', { version: 1 });
    send('changes', { from: 0, to: 1, changes: [clientRow('c1', 'Acme Ltd', 1)] });
    expect(pulls).toBe(before);
    // Rows from 2 to 3 while it is at 1: version 2 went by unseen, so it pulls, which fills the gap.
    for (const [id, name, version] of [
      ['c2', 'Bolt', 2],
      ['c3', 'Cora', 3],
    ] as const) {
      server.version = version;
      const { kind: _kind, ...row } = clientRow(id, name, version);
      server.rows.set(`client:${id}`, { kind: 'client', ...row });
    }
    send('changes', { from: 2, to: 3, changes: [clientRow('c3', 'Cora', 3)] });
    await vi.waitFor(() => expect(pulls).toBe(before + 1));
    await vi.waitFor(() => expect(names().sort()).toEqual(['Acme Ltd', 'Bolt', 'Cora']));
    // A plain poke past its cookie pulls; a poke it cannot read pulls too.
    send('poke', { version: 4 });
    await vi.waitFor(() => expect(pulls).toBe(before + 2));
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    latest().dispatchEvent(new MessageEvent('changes', { data: 'not json' }));
    await vi.waitFor(() => expect(pulls).toBe(before + 3));
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));

    // Rows that come while a pull is under way wait for it, and are laid over what it brought:
    // no pull more for each (in a busy workspace, rows come faster than a pull takes).
    let release = () => {};
    server.holdPulls = new Promise<void>((resolve) => (release = resolve));
    const during = pulls;
    send('poke', { version: 5 });
    await vi.waitFor(() => expect(pulls).toBe(during + 1));
    server.version = 5;
    for (const [id, name, version] of [
      ['c5', 'Dana', 5],
      ['c6', 'Eero', 6],
      ['c7', 'Fenna', 7],
    ] as const) {
      if (version > 5) continue;
      const { kind: _kind, ...row } = clientRow(id, name, version);
      server.rows.set(`client:${id}`, { kind: 'client', ...row });
    }
    send('changes', { from: 5, to: 6, changes: [clientRow('c6', 'Eero', 6)] });
    send('changes', { from: 6, to: 7, changes: [clientRow('c7', 'Fenna', 7)] });
    server.holdPulls = null;
    release();
    await vi.waitFor(() =>
      expect(names().sort()).toEqual(['Acme Ltd', 'Bolt', 'Cora', 'Dana', 'Eero', 'Fenna']),
    );
    expect(pulls).toBe(during + 1);
  });
  it('pulls on `ready` only when the stream names a version the device has not reached', async () => {
    const ready = (data: unknown) =>
      latest().dispatchEvent(new MessageEvent('ready', { data: JSON.stringify(data) }));
    const poke = (version: number) =>
      latest().dispatchEvent(new MessageEvent('poke', { data: JSON.stringify({ version }) }));
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    };
    const before = pulls;
    // The start's pull reached version 0: a stream following from 0 needs no pull more (every
    // page load used to pull twice, the second time on `ready`).
    ready({ version: 0 });
    await settle();
    expect(pulls).toBe(before);
    // Changes it has not seen: it pulls once.
    server.version = 2;
    ready({ version: 2 });
    await vi.waitFor(() => expect(pulls).toBe(before + 1));
    await settle();
    // A server before issue 47 names no version: the device pulls, as it did.
    ready({});
    await vi.waitFor(() => expect(pulls).toBe(before + 2));
    await settle();

    // `ready` while a pull is on its way: what that pull reached is checked when it ends.
    let release = () => {};
    server.holdPulls = new Promise<void>((resolve) => (release = resolve));
    server.version = 3;
    poke(3);
    await vi.waitFor(() => expect(pulls).toBe(before + 3));
    ready({ version: 3 });
    server.holdPulls = null;
    release();
    await settle();
    expect(pulls).toBe(before + 3);
    // Naming a version past the one the pull under way reaches: one pull more after it.
    server.holdPulls = new Promise<void>((resolve) => (release = resolve));
    server.version = 4;
    poke(4);
    await vi.waitFor(() => expect(pulls).toBe(before + 4));
    ready({ version: 5 });
    ready({ version: 5 });
    server.holdPulls = null;
    release();
    await vi.waitFor(() => expect(pulls).toBe(before + 5));
    await settle();
    expect(pulls).toBe(before + 5);
  });
});
