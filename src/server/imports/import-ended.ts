import { IMPORT_COMPLETED, type ImportCompleted } from '../../lib/commands/import-args';
import { tell } from '../commands/effects';
import type { Runner } from '../sync/records';
import type { ImportRow } from './store';

// An import's end, told to the listeners (issue 48): once per import, whichever way it ends
// (its last batch done, or failed: refused, its file gone, its importer gone, the job given up,
// 7 days passed). Each caller tells inside the transaction whose statement moved the import's
// row from queued or running to its end, with that row locked (or changed by that one
// statement): of two processes racing to end an import, only the one that moved the row
// tells, and the listeners' writes (a webhook's delivery row, next) commit with the end or not
// at all. Nothing here is decided by a process's memory.

/** Tells the listeners that `ended` (as it is stored now) ended with `status`. */
export async function tellImportEnded(
  runner: Runner,
  ended: Pick<ImportRow, 'id' | 'workspaceId' | 'userId' | 'userName' | 'result'>,
  status: ImportCompleted['status'],
  error: string | null,
): Promise<void> {
  const { result } = ended;
  const completed: ImportCompleted = {
    importId: ended.id,
    status,
    startedBy: { userId: ended.userId, name: ended.userName },
    counts: {
      logs: result.logs,
      seconds: result.seconds,
      alreadyImported: result.alreadyImported,
      skipped: result.skippedCount,
      clients: result.created.clients.length,
      projects: result.created.projects.length,
      tasks: result.created.tasks.length,
      tags: result.created.tags.length,
      members: result.created.members.length,
    },
    error,
  };
  await tell(runner, { workspaceId: ended.workspaceId, userId: ended.userId }, [
    { name: IMPORT_COMPLETED, args: completed, steps: [] },
  ]);
}
