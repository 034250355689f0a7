import type { MembershipCommandName } from '../../lib/commands/membership-commands';
import type { Touched } from '../commit/commit';
import { commit } from '../commit/commit';
import type { Db } from '../db/connect';
import { tell } from './effects';

// Joining and leaving run here, the third shape of execute (issue 48): one commit under the
// command's name (src/lib/commands/membership-commands.ts), so every device of the team pulls
// who is a member now, the history names the person, and the listeners hear it (effects.ts).
// Joining is allowed by the invitation, which `write` takes in one UPDATE; leaving by the
// membership the account's deletion found.

/**
 * Runs `name` for the account `userId` on `workspaceId`: `write` in one commit, which moves the
 * version only when it answers true. False when it did not (the invitation was taken
 * meanwhile) or the workspace is gone.
 */
export async function executeMembership(
  db: Db,
  name: MembershipCommandName,
  who: { workspaceId: string; userId: string; memberId?: string },
  now: Date,
  write: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  const subject: Touched | undefined = who.memberId
    ? { kind: 'member', id: who.memberId }
    : undefined;
  const committed = await commit(
    db,
    {
      workspaceId: who.workspaceId,
      userId: who.userId,
      command: name,
      ...(subject ? { subject } : {}),
      at: now,
    },
    async ({ tx }) => {
      const done = await write(tx);
      if (done) await tell(tx, who, [{ name, args: { memberId: who.memberId }, steps: [] }]);
      return done;
    },
    (done) => done,
  );
  return committed?.result ?? false;
}
