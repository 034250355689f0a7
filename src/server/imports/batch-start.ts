import { can } from '../../lib/policy';
import type { Membership } from '../sync/permissions';
import type { Runner } from '../sync/records';
import { membershipOf } from '../sync/workspaces';
import { importOf, saveProgress, type ImportRow } from './store';

/**
 * The first steps of every batch of an import, inside its commit: the import as it is now and
 * the importing person's membership, or why the batch writes nothing. Another process may have
 * run this batch meanwhile (or the import ended); an importer who left or lost the right to
 * import fails the import here, so no batch writes past them.
 */
export async function startBatch(
  tx: Runner & Parameters<typeof membershipOf>[0],
  importId: string,
  from: number,
  person: { userId: string; workspaceId: string },
  now: Date,
): Promise<
  { current: ImportRow; membership: Membership } | { stop: { changed: 0; ended: boolean } }
> {
  const current = await importOf(tx, importId, true);
  if (!current || current.position !== from || !['queued', 'running'].includes(current.status))
    return {
      stop: {
        changed: 0,
        ended: current?.status !== 'queued' && current?.status !== 'running',
      },
    };
  const membership = await membershipOf(tx, person.userId, person.workspaceId);
  const refused = membership
    ? can(membership, 'importData', 'workspace', {})
    : 'The person who started this import is no longer a member of the workspace.';
  if (!membership || refused) {
    await saveProgress(tx, importId, {
      status: 'failed',
      position: from,
      result: current.result,
      error: refused,
      now,
    });
    return { stop: { changed: 0, ended: true } };
  }
  return { current, membership };
}
