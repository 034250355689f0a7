import { sql } from 'drizzle-orm';
import type { WorkspaceArgs } from '../../lib/commands/workspace-commands';
import type { Commit } from '../commit/commit';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import { enqueueImport } from './import-job';
import { emptyResult, importOf, insertImport } from './store';

// The write of startImport (issue 48), inside the commit execute() opens: the import's row and
// its job, together, so a job never runs for an import that was not stored and an import is
// never stored without its job. No record of the workspace changes until the job's first batch,
// so the command moves no version (src/server/commands/writes.ts says so with `changed`).

export type StartedImport =
  | { ok: true; id: string }
  | { ok: false; status: 404 | 409; error: 'not_found' | 'import_exists'; message: string };

export async function startImport(
  { tx }: Commit,
  actor: Membership,
  args: WorkspaceArgs<'startImport'>,
  now: Date,
): Promise<StartedImport> {
  if (await importOf(tx, args.id, true))
    return {
      ok: false,
      status: 409,
      error: 'import_exists',
      message: 'This upload was started as an import already.',
    };
  // The upload's file was stored in chunks under its id as it arrived (file-chunks.ts).
  const [found] = await rows<{ name: string | null; uploaded: boolean }>(
    tx,
    sql`SELECT (SELECT name FROM users WHERE id = ${actor.userId}) AS name,
      EXISTS (SELECT 1 FROM import_file_chunks WHERE import_id = ${args.id}) AS uploaded`,
  );
  // (An empty file has no chunk: the reader refuses it before it gets here.)
  if (!found || (args.fileSize > 0 && !found.uploaded))
    return {
      ok: false,
      status: 404,
      error: 'not_found',
      message: 'The uploaded file is gone (uploads are kept 7 days): upload it again.',
    };
  const result = emptyResult();
  result.skipped = args.skipped;
  result.skippedCount = args.skippedCount;
  await insertImport(tx, {
    id: args.id,
    workspaceId: actor.workspaceId,
    userId: actor.userId,
    userName: found.name ?? '',
    now,
    source: args.source,
    fileName: args.fileName,
    fileSize: args.fileSize,
    choices: args.choices,
    totalRows: args.rows,
    result,
  });
  await enqueueImport(tx, args.id, now);
  return { ok: true, id: args.id };
}
