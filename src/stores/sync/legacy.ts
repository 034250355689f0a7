import { atom } from 'nanostores';
import { toDay } from '../../lib/day';
import type { LocalRecords } from '../../lib/sync/local-records';
import { planUpload, type UploadPlan } from '../../lib/sync/upload';
import { writeRaw } from '../storage-engine';
import { LEGACY_KEY, readLegacy } from './legacy-stash';

/** The upload plan of the records set aside (./legacy-stash.ts), or null when there are none. */
export const $legacyPlan = atom<UploadPlan | null>(null);

function refresh(): void {
  const legacy = readLegacy();
  $legacyPlan.set(legacy ? planUpload(legacy, toDay(new Date())) : null);
}

/** The records set aside, for a download before they are discarded. */
export function legacyRecords(): LocalRecords | null {
  return readLegacy();
}

/** Forgets the records set aside (after they were added, or when the person discards them). */
export function forgetLegacyData(): void {
  writeRaw(LEGACY_KEY, '');
  refresh();
}

/** Reads what was set aside (called when the offer is shown). */
export const loadLegacyPlan = refresh;
