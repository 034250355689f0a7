import { eq } from 'drizzle-orm';
import type { WorkspaceRules } from '../../lib/workspace-rules';
import { rolesThat } from '../../lib/policy';
import type { Db } from '../db/connect';
import { workspaces } from '../db/schema';
import type { Commit } from '../commit/commit';
import { ruleColumns, rulesOf } from './rule-columns';

/** A workspace's name and rules, as Account setting shows them. */
export interface WorkspaceSettings extends WorkspaceRules {
  name: string;
}

/**
 * Settings as saved: a device from before issue 29 does not send `requireProjectAndTask`, one
 * from before issue 47 not `durationFormat`.
 */
export type SavedSettings = Omit<WorkspaceSettings, 'requireProjectAndTask' | 'durationFormat'> & {
  requireProjectAndTask?: boolean | undefined;
  durationFormat?: WorkspaceSettings['durationFormat'] | undefined;
};

/** Reads a workspace's settings (null when it does not exist). */
export async function readWorkspaceSettings(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceSettings | null> {
  const [row] = await db
    .select({ name: workspaces.name, ...ruleColumns })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ? { name: row.name, ...rulesOf(row) } : null;
}

/**
 * Saves an Admin's settings, inside the command's commit. The workspace's version grows, so every device pulls the new rules;
 * when whether Managers see amounts changes, the Managers' next pull starts over, so amounts
 * arrive (or leave their devices) at once.
 */
export async function saveWorkspaceSettings(
  { tx, workspaceId, resetVisibility }: Commit,
  saved: SavedSettings,
): Promise<WorkspaceSettings> {
  const [before] = await tx
    .select({
      managersSeeAmounts: workspaces.managersSeeAmounts,
      requireProjectAndTask: workspaces.requireProjectAndTask,
      durationFormat: workspaces.durationFormat,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  // Left out, the setting stays as it is, so an older screen saving the rest keeps it.
  const settings: WorkspaceSettings = {
    ...saved,
    requireProjectAndTask: saved.requireProjectAndTask ?? before?.requireProjectAndTask ?? false,
    durationFormat: saved.durationFormat ?? before?.durationFormat ?? 'clock',
  };
  await tx
    .update(workspaces)
    .set({
      name: settings.name,
      managersSeeAmounts: settings.managersSeeAmounts,
      requireProjectAndTask: settings.requireProjectAndTask,
      durationFormat: settings.durationFormat,
      timeZone: settings.timeZone,
      weekStart: settings.weekStart,
      lockedUpTo: settings.lockedUpTo,
      autoLock: settings.autoLock?.period ?? null,
      autoLockGrace: settings.autoLock?.graceDays ?? 0,
    })
    .where(eq(workspaces.id, workspaceId));
  if (before?.managersSeeAmounts !== settings.managersSeeAmounts)
    resetVisibility({ roles: rolesThat('seeAmountsBySetting') });
  return settings;
}
