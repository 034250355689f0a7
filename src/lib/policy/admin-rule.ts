// Who may do an Admin's thing, apart from the words that refuse it (./record-policy.ts): the
// screens that only ask whether (src/lib/abilities.ts, on Track's first visit) do not download
// every Admin refusal's text (issue 29's budget). The refusal is this rule and its message.
import type { Actor } from './actor';
import type { AdminAction } from './record-policy';

/** Whether the person may do the Admin's thing `action`. */
export function adminMay(actor: Pick<Actor, 'role'> | null, _action: AdminAction): boolean {
  // Every Admin action is the Admin's alone today; asking per action keeps it so that a rule
  // that changes for one changes here, for the screens and the server alike.
  return actor?.role === 'Admin';
}
