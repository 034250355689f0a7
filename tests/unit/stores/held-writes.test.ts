// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $clients, addClient } from '../../../src/stores/clients';
import { holdWritesOf } from '../../../src/stores/storage-engine';

// A tab that does not lead sync keeps its writes of the shared keys in memory: the leading tab
// writes them (with this tab's changes, handed over), so two tabs never overwrite each other.

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

const stored = () => JSON.parse(localStorage.getItem('clients') ?? '[]') as { name: string }[];

beforeEach(() => {
  localStorage.clear();
  $clients.set([]);
  keepMount($clients);
});
afterEach(() => holdWritesOf(null, { write: false }));

describe('writes held for the leading tab', () => {
  it('shows a change at once but leaves the stored value to the leader', () => {
    holdWritesOf(new Set(['clients']));
    addClient(client);
    expect($clients.get().map((c) => c.name)).toEqual(['Nova Studio']);
    expect(stored()).toEqual([]);
  });

  it('takes the leader’s write when it comes, in place of what it held', () => {
    holdWritesOf(new Set(['clients']));
    addClient(client);
    // The leader wrote the list with this tab's change taken from its hand-off, and one more.
    const fromLeader = JSON.stringify([
      { ...$clients.get()[0] },
      { ...$clients.get()[0], id: 'other', name: 'Bolt Ltd' },
    ]);
    localStorage.setItem('clients', fromLeader);
    window.dispatchEvent(new StorageEvent('storage', { key: 'clients', newValue: fromLeader }));
    expect($clients.get().map((c) => c.name)).toEqual(['Nova Studio', 'Bolt Ltd']);
    // Leading from now on, there is nothing older of its own to write over the leader's.
    holdWritesOf(null);
    expect(stored().map((c) => c.name)).toEqual(['Nova Studio', 'Bolt Ltd']);
  });

  it('writes what it held once it leads itself, and forgets it when sync stops instead', () => {
    holdWritesOf(new Set(['clients']));
    addClient(client);
    holdWritesOf(null);
    expect(stored().map((c) => c.name)).toEqual(['Nova Studio']);

    localStorage.clear();
    holdWritesOf(new Set(['clients']));
    addClient({ ...client, name: 'Kept in memory' });
    holdWritesOf(null, { write: false });
    expect(localStorage.getItem('clients')).toBeNull();
    expect(
      $clients
        .get()
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Kept in memory', 'Nova Studio']);
  });
});
