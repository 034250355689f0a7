import { z } from 'zod';
import { durationFormats } from '../duration-format';
import type { AutoLock, WorkspaceRules } from '../workspace-rules';
import { describes, exact, jsonValue } from './shape';

// The workspace's own settings and history (workspace-handlers.ts, sync-handlers.ts).

/** A workspace the person belongs to, as GET /sync/workspaces lists it. */
export const listedWorkspace = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type ListedWorkspace = z.infer<typeof listedWorkspace>;
export const workspacesResponse = z.object({ workspaces: z.array(listedWorkspace) });
/** POST /sync/workspaces: the workspace made. */
export const createdWorkspaceResponse = z.object({ workspace: listedWorkspace });

const autoLock = describes<AutoLock>()(
  z.object({ period: z.enum(['daily', 'weekly', 'monthly']), graceDays: z.number().int() }),
);
/** A workspace's calendar and locking rules (src/lib/workspace-rules.ts), key by key. */
export const workspaceRules = describes<WorkspaceRules>()(
  z.object({
    timeZone: z.string(),
    weekStart: z.number().int().min(0).max(6),
    lockedUpTo: z.string().nullable(),
    autoLock: autoLock.nullable(),
    managersSeeAmounts: z.boolean(),
    requireProjectAndTask: z.boolean(),
    durationFormat: z.enum(durationFormats),
  }),
);
/** The open workspace's name and rules, read and saved by Account setting's Workspace section. */
export const workspaceSettings = z.intersection(workspaceRules, z.object({ name: z.string() }));
export type WorkspaceSettings = z.infer<typeof workspaceSettings>;
/** Null only for a workspace gone since the caller's membership was read. */
export const workspaceSettingsResponse = z.object({ settings: workspaceSettings.nullable() });

/** One entry of the audit log (Admins). */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  userName: z.string(),
  kind: z.string(),
  recordId: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  rules: z.array(z.string()),
  /** Why, when the person was asked (a payment corrected or deleted); null when not. */
  reason: z.string().nullable(),
  /**
   * The record's stored fields before and after (any kind the log names: records, invoices,
   * payments, settings): JSON objects, each value JSON.
   */
  before: z.record(z.string(), jsonValue).nullable(),
  after: z.record(z.string(), jsonValue).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = exact(
  z.object({ entries: z.array(auditEntry), next: z.string().nullable() }),
);
