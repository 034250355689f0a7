import type { TimeLog } from './entities/time-log';

// A log's `client` text is saved as "Client / Project" (stores/choices.ts, sync/convert.ts).
const SEPARATOR = ' / ';

/**
 * The project of a log whose project was deleted: its name, taken from the "Client / Project"
 * text saved on the log, followed by " (deleted)"; "Deleted project" when no name was saved.
 */
export function deletedProjectLabel(savedClientProject: string): string {
  const at = savedClientProject.indexOf(SEPARATOR);
  const name = at < 0 ? '' : savedClientProject.slice(at + SEPARATOR.length).trim();
  return name ? `${name} (deleted)` : 'Deleted project';
}

/**
 * The "Client / Project" line of a log as every screen shows it: the saved text, or, when its
 * project was deleted, the saved client followed by the deleted project's label.
 */
export function logProjectLine(
  log: Pick<TimeLog, 'client' | 'projectId'>,
  projectsById: ReadonlyMap<string, unknown>,
): string {
  if (log.projectId === null || projectsById.has(log.projectId)) return log.client;
  const at = log.client.indexOf(SEPARATOR);
  const project = deletedProjectLabel(log.client);
  return at > 0 ? `${log.client.slice(0, at)}${SEPARATOR}${project}` : project;
}
