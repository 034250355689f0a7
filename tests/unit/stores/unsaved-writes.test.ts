// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient, deleteClient } from '../../../src/stores/clients';
import { $storageNotices } from '../../../src/stores/storage-notices';
import { $team, addMember } from '../../../src/stores/team';
import { $timeLogs, addTimeLog } from '../../../src/stores/time-logs';
import { $timer, startTimer } from '../../../src/stores/timer';
import { $unsavedWrites } from '../../../src/stores/unsaved-writes';

const client = {
  name: 'Nova Studio',
  contactPerson: 'Ira',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: '',
  taxNumber: '',
  vatNumber: '',
  country: '',
};

/** Whether leaving the page now would make the browser ask first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function fillStorage(): void {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
}

beforeEach(() => {
  localStorage.clear();
  for (const store of [$clients, $team, $timeLogs]) store.set([]);
  $timer.set({ status: 'idle' });
  for (const store of [$clients, $team, $timeLogs, $timer]) keepMount(store);
  $storageNotices.set([]);
});
afterEach(() => vi.restoreAllMocks());

describe('a write the browser refuses', () => {
  it('is told to the caller, kept in memory and reported the same way by every store', () => {
    fillStorage();
    const results = [
      addClient(client),
      addMember({
        name: 'Asha',
        email: 'asha@agency.test',
        notes: '',
        Role: 'Normal',
        LoborRate: '',
        BillableRate: '',
        autoAddToProjects: false,
      }),
      addTimeLog(
        {
          date: '2026-03-10',
          client: '',
          projectId: null,
          task: '',
          taskId: null,
          tags: 'x',
          desc: 'y',
          dur: 60,
          st: '',
          end: '',
          exp: 0,
          memberId: null,
        },
        false,
      ),
      startTimer('2026-03-10'),
    ];
    for (const result of results) {
      expect(result).toMatchObject({ saved: false, reason: 'quota' });
      if (!result.saved) expect(result.message).toMatch(/^Your browser storage is full/);
    }
    expect($clients.get().map((c) => c.name)).toEqual(['Nova Studio']);
    expect($timer.get().status).toBe('running');
    expect(Object.keys($unsavedWrites.get()).sort()).toEqual([
      'Team',
      'clients',
      'runningTimer',
      'taskData',
    ]);
    expect($storageNotices.get().map((n) => [n.kind, n.key])).toEqual([
      ['quota', 'clients'],
      ['quota', 'Team'],
      ['quota', 'taskData'],
      ['quota', 'runningTimer'],
    ]);
    expect(localStorage.getItem('clients')).toBe('[]');
  });

  it('makes leaving the page ask first, until a later write of that key succeeds', () => {
    expect(leavingAsks()).toBe(false);
    fillStorage();
    const added = addClient(client);
    expect(leavingAsks()).toBe(true);
    vi.restoreAllMocks();
    // The next change stores the whole list, the refused client included.
    const removal = deleteClient('no-such-id');
    expect(removal.saved).toBe(true);
    expect(JSON.parse(localStorage.getItem('clients') ?? '[]')).toEqual([added.client]);
    expect(leavingAsks()).toBe(false);
    expect($storageNotices.get().filter((n) => n.kind === 'quota')).toEqual([]);
  });
});
