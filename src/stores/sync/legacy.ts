import { atom } from 'nanostores';
import type { LocalRecords } from '../../lib/sync/local-records';
import { toDay } from '../../lib/day';
import { planUpload, type UploadPlan } from '../../lib/sync/upload';
import { readRaw, writeRaw } from '../storage-engine';

/**
 * Records found in this browser from before sync (the documented keys without an owner marker:
 * the original app's or an earlier Hourmark's, never another account's cache). They are set
 * aside under this key when a workspace first opens here and offered for upload; nothing is
 * dropped until the person says so.
 */
export const LEGACY_KEY = 'hm.legacyData';

const empty = (records: LocalRecords) =>
  Object.values(records).every((list: unknown[]) => list.length === 0);

function readLegacy(): LocalRecords | null {
  try {
    const parsed = JSON.parse(readRaw(LEGACY_KEY) ?? 'null') as LocalRecords | null;
    return parsed && Array.isArray(parsed.logs) ? parsed : null;
  } catch {
    return null;
  }
}

/** The upload plan of the records set aside, or null when there are none. */
export const $legacyPlan = atom<UploadPlan | null>(null);

function refresh(): void {
  const legacy = readLegacy();
  $legacyPlan.set(legacy ? planUpload(legacy, toDay(new Date())) : null);
}

/** Sets records found without an owner aside (merged with any set aside before). */
export function stashLegacyData(records: LocalRecords): void {
  if (empty(records)) return;
  const before = readLegacy();
  const merged: LocalRecords = before
    ? {
        clients: [...before.clients, ...records.clients],
        projects: [...before.projects, ...records.projects],
        tasks: [...before.tasks, ...records.tasks],
        members: [...before.members, ...records.members],
        logs: [...before.logs, ...records.logs],
      }
    : records;
  writeRaw(LEGACY_KEY, JSON.stringify(merged));
  refresh();
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

/** Reads what was set aside (called when the shell opens a workspace). */
export const loadLegacyPlan = refresh;
