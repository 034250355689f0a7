import type { WorkspaceRules } from '../../lib/workspace-rules';
import { workspaces } from '../db/schema';

// Kept apart from workspace-settings.ts (which saves settings through the commit, and so imports
// the poke module) so that reading a membership, which the poke's delivery does, imports neither.

/** The workspace columns that make up its rules, for selects that join workspaces. */
export const ruleColumns = {
  managersSeeAmounts: workspaces.managersSeeAmounts,
  requireProjectAndTask: workspaces.requireProjectAndTask,
  timeZone: workspaces.timeZone,
  weekStart: workspaces.weekStart,
  lockedUpTo: workspaces.lockedUpTo,
  autoLock: workspaces.autoLock,
  autoLockGrace: workspaces.autoLockGrace,
  durationFormat: workspaces.durationFormat,
};

type RuleRow = {
  managersSeeAmounts: boolean;
  requireProjectAndTask: boolean;
  timeZone: string;
  weekStart: number;
  lockedUpTo: string | null;
  autoLock: 'daily' | 'weekly' | 'monthly' | null;
  autoLockGrace: number;
  durationFormat: 'clock' | 'decimal';
};

/** The rules a workspace row holds. */
export function rulesOf(row: RuleRow): WorkspaceRules {
  return {
    timeZone: row.timeZone,
    weekStart: row.weekStart,
    lockedUpTo: row.lockedUpTo,
    autoLock: row.autoLock ? { period: row.autoLock, graceDays: row.autoLockGrace } : null,
    managersSeeAmounts: row.managersSeeAmounts,
    requireProjectAndTask: row.requireProjectAndTask,
    durationFormat: row.durationFormat,
  };
}
