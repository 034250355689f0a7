import type { LocalRecords } from '../../lib/sync/local-records';
import { readRaw, writeRaw } from '../storage-engine';

/**
 * Records found in this browser from before sync (the documented keys without an owner marker:
 * the original app's or an earlier Hourmark's, never another account's cache). They are set
 * aside under this key when a workspace first opens here and offered for upload (./legacy.ts);
 * nothing is dropped until the person says so.
 */
export const LEGACY_KEY = 'hm.legacyData';

const isEmpty = (records: LocalRecords) =>
  Object.values(records).every((list: unknown[]) => list.length === 0);

/** The records set aside, or null when there are none. */
export function readLegacy(): LocalRecords | null {
  try {
    const parsed = JSON.parse(readRaw(LEGACY_KEY) ?? 'null') as LocalRecords | null;
    return parsed && Array.isArray(parsed.logs) ? parsed : null;
  } catch {
    return null;
  }
}

/** True when records are set aside (a cheap check, so the offer's code loads only then). */
export const hasLegacyData = (): boolean => Boolean(readRaw(LEGACY_KEY));

/** Sets records found without an owner aside (merged with any set aside before). */
export function stashLegacyData(records: LocalRecords): void {
  if (isEmpty(records)) return;
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
  window.dispatchEvent(new Event('hourmark:legacy-data'));
}
