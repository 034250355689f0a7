import { $clients } from './clients';
import { $projects } from './projects';
import { keptKeys, readKept } from './storage-engine';
import { $tasks } from './tasks';
import { $team } from './team';
import { $timeLogs } from './time-logs';

/** Every raw value kept aside as unreadable, whether the browser stored it or only this tab holds it. */
export function keptAsideValues(): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of keptKeys()) {
    if (key.includes('.corrupt.')) kept[key] = readKept(key) ?? '';
  }
  return kept;
}

/**
 * Everything the app keeps in this browser as one JSON document: the in-memory lists (which
 * include changes a full storage could not save) and every raw value kept aside as corrupt,
 * whether the browser stored that copy or only this tab holds it.
 */
export function exportSnapshot(now = new Date()): string {
  return JSON.stringify(
    {
      exportedAt: now.toISOString(),
      clients: $clients.get(),
      project: $projects.get(),
      task: $tasks.get(),
      Team: $team.get(),
      taskData: $timeLogs.get(),
      keptAside: keptAsideValues(),
    },
    null,
    2,
  );
}
