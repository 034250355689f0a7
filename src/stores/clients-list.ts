import type { Client } from '../lib/entities/client';
import { fastClient } from '../lib/entities/fast-client';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { clientKind } from '../lib/records/kinds/client';

// The stored list alone, for the screens that only read clients (Track's first visit among
// them): the add, edit and archive actions live in ./clients.ts, which loads with the screens
// that change clients, so Track does not download them (issue 29's budget, docs/bench.md).

/** The client list under the documented `clients` key (./clients.ts builds its actions on it). */
export const clientList = persistentList<Client>(
  clientKind.storageKey,
  onDemand(fastClient, clientKind.readSchema),
);

/** Every client, as stored under the documented `clients` key. */
export const $clients = clientList.$list;
