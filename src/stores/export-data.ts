import { $clients } from './clients';
import { $projects } from './projects';
import { readRaw } from './storage-engine';
import { $tasks } from './tasks';
import { $team } from './team';
import { $timeLogs } from './time-logs';

/**
 * Everything the app keeps in this browser as one JSON document: the in-memory lists (which
 * include changes a full storage could not save) and every raw value kept aside as corrupt.
 */
export function exportSnapshot(now = new Date()): string {
  const kept: Record<string, string> = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.includes('.corrupt.')) kept[key] = readRaw(key) ?? '';
    }
  } catch {
    // Storage unavailable: the in-memory lists below are still exported.
  }
  return JSON.stringify(
    {
      exportedAt: now.toISOString(),
      clients: $clients.get(),
      project: $projects.get(),
      task: $tasks.get(),
      Team: $team.get(),
      taskData: $timeLogs.get(),
      keptAside: kept,
    },
    null,
    2,
  );
}
