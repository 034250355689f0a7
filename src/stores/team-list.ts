import { fastMember } from '../lib/entities/fast-member';
import type { Member } from '../lib/entities/member';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { memberKind } from '../lib/records/kinds/member';

// The stored list alone, for the screens that only read the team (Track's first visit among
// them): adding, editing and ordering members live in ./team.ts, which loads with the screens
// that change members, so Track does not download them (issue 29's budget, docs/bench.md).

/** The member list under the documented `Team` key (./team.ts builds its actions on it). */
export const teamList = persistentList<Member>(
  memberKind.storageKey,
  onDemand(fastMember, memberKind.readSchema),
);

/** Team members, stored under the documented `Team` key (sorted order is saved as shown). */
export const $team = teamList.$list;
