import type { EffectName } from '../../lib/commands/workspace-commands';
import { statusChangesOf } from '../../lib/policy/log-change';
import { postStatusNotices } from '../notices/status-notices';
import type { Runner } from '../sync/records';

// What a committed command sets off (issue 48), declared once: every listener hears every
// command execute and executeBatch apply, and an import's end (importCompleted, once per import:
// src/server/imports/import-ended.ts), in the commit's transaction, so what it writes (a
// notice, later a webhook's delivery row) commits with the change or not at all. A listener
// picks what concerns it from the stored changes the command made; the command modules do not
// import the listeners.

/** A command as it was applied: its name, its arguments and the stored changes it made. */
export interface AppliedCommand {
  name: string;
  args: unknown;
  /** The stored changes (createClient, updateTimeLog…) it wrote, in order. */
  steps: readonly { name: string; args?: unknown }[];
}

/** Who ran the commands, in which workspace. */
export interface EffectActor {
  workspaceId: string;
  /** Null when nobody can be named: an import whose importer's account was deleted since. */
  userId: string | null;
}

export type Listener = (
  runner: Runner,
  actor: EffectActor,
  applied: readonly AppliedCommand[],
) => Promise<void>;

/** Each effect and what it does with what was applied. */
export const listeners: Record<EffectName, Listener> = {
  // A week submitted, approved or rejected tells its reviewers or its person: one notice per
  // kind for what is heard at once (one command, or one push's old-style status changes).
  // (An import's end carries no stored changes, and is the only thing heard without a person.)
  notices: async (runner, { workspaceId, userId }, applied) => {
    if (userId !== null)
      await postStatusNotices(
        runner,
        { workspaceId, userId },
        statusChangesOf(applied.flatMap((c) => c.steps)),
      );
  },
};

/** Hands `applied` to every listener, in the commit's transaction. */
export async function tell(
  runner: Runner,
  actor: EffectActor,
  applied: readonly AppliedCommand[],
): Promise<void> {
  if (applied.length === 0) return;
  for (const listener of Object.values(listeners)) await listener(runner, actor, applied);
}
