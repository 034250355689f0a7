import { formatDay } from '../../lib/day';
import { withPendingChanges } from '../../lib/sync/export-overlay';
import { exportSnapshot, keptAsideValues } from '../export-data';
import { readCache } from './cache';
import { pushNow } from '../app-sync';
import { windowStart } from '../older-logs';
import { $cacheOwner } from './owner';
import { fetchExport } from './server-reads';
import { readSyncState } from './state';

/** An export ready to download, and what the person should know about it. */
export interface ExportFile {
  text: string;
  /** Null when the file holds the whole workspace; otherwise why it holds less. */
  notice: string | null;
}

/**
 * "Export my data": the whole workspace from the server (the browser keeps only recent logs),
 * with this device's changes the server has not confirmed yet laid over it, and any stored value
 * kept aside as unreadable. Offline, the file holds what this browser keeps, and says so.
 */
export async function buildExport(now = new Date()): Promise<ExportFile> {
  await pushNow();
  const owner = $cacheOwner.get();
  const result = await fetchExport();
  if (!result.ok || !owner) {
    return {
      text: exportSnapshot(now),
      notice: `Hourmark could not reach the server (${result.ok ? 'no workspace open' : result.message}), so this file holds what this browser keeps: every client, project, task and team member, and the time logs from ${formatDay(windowStart(now))} on.`,
    };
  }
  const document = withPendingChanges(result.data, readSyncState(owner).outbox, readCache());
  document['keptAside'] = keptAsideValues();
  return { text: JSON.stringify(document, null, 2), notice: null };
}
