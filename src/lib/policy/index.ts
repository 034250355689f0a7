// The one policy of a workspace (issue 25): `can(actor, action, subject, facts)` answers null
// when the person may, or the reason they may not, in words they read. The server asks it with
// facts loaded in the push's transaction (src/server/sync/permissions.ts); the screens ask it
// with the facts on the device (src/lib/abilities.ts) to offer only what is allowed. Comparing
// roles anywhere else is a lint error (eslint.config.js).
import type { Actor } from './actor';
import type { ProjectFacts } from './facts';
import { logRefusal, type LogAction, type LogRequest } from './log-policy';
import {
  adminRefusal,
  projectRefusal,
  type AdminAction,
  type ProjectAction,
} from './record-policy';

export * from './actor';
export * from './admin-rule';
export * from './facts';
export * from './log-policy';
export * from './record-policy';
export * from './required-fields';
export * from './roles-that';

/** The subjects the policy decides on, and what each needs to know. */
export interface Subjects {
  log: { action: LogAction; facts: Omit<LogRequest, 'action'> };
  project: { action: ProjectAction; facts: { project: ProjectFacts | null | undefined } };
  workspace: { action: AdminAction; facts: Record<string, never> };
}

/**
 * Null when `actor` may do `action` to `subject` given `facts`, otherwise why not. A person who
 * is not (or no longer) a member of the workspace has no actor and may do nothing.
 */
export function can<S extends keyof Subjects>(
  actor: Actor | null,
  action: Subjects[S]['action'],
  subject: S,
  facts: Subjects[S]['facts'],
): string | null {
  if (!actor) return 'You are not a member of this workspace.';
  switch (subject) {
    case 'log':
      return logRefusal(actor, {
        action: action as LogAction,
        ...(facts as Subjects['log']['facts']),
      });
    case 'project':
      return projectRefusal(
        actor,
        action as ProjectAction,
        (facts as Subjects['project']['facts']).project,
      );
    default:
      return adminRefusal(actor, action as AdminAction);
  }
}
