import type { WorkspaceRules } from '../lib/workspace-rules';
import {
  auditResponse,
  workspaceSettingsResponse,
  type AuditEntry,
} from '../lib/contracts/workspace';
import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

// The open workspace's name and rules, read and saved by Account setting's Workspace section.

export interface WorkspaceSettings extends WorkspaceRules {
  name: string;
}

export type SettingsResult =
  | { ok: true; settings: WorkspaceSettings }
  | { ok: false; message: string; fields?: Record<string, string> };

const workspaceGone = 'This workspace no longer exists. Reload the page to open another.';
const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** Reads the settings from the server (they are not kept offline: changing them needs it). */
export async function loadWorkspaceSettings(): Promise<SettingsResult> {
  const result = await callApi(
    `/api/workspace-settings?workspace=${encodeURIComponent(workspaceId())}`,
    workspaceSettingsResponse,
  );
  if (!result.ok) return { ok: false, message: result.message };
  return result.data.settings
    ? { ok: true, settings: result.data.settings }
    : { ok: false, message: workspaceGone };
}

/** Saves an Admin's changes; every device of the workspace pulls the new rules. */
export async function saveWorkspaceSettings(settings: WorkspaceSettings): Promise<SettingsResult> {
  const result = await callApi('/api/workspace-settings', workspaceSettingsResponse, {
    body: { workspaceId: workspaceId(), ...settings },
  });
  if (result.ok) {
    const owner = $cacheOwner.get();
    // The switcher and headings name the workspace as saved.
    if (owner && owner.workspaceName !== settings.name)
      $cacheOwner.set({ ...owner, workspaceName: settings.name });
    return result.data.settings
      ? { ok: true, settings: result.data.settings }
      : { ok: false, message: workspaceGone };
  }
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

/** One page of the audit log (Admins). */
export type { AuditEntry };

export type AuditResult =
  { ok: true; entries: AuditEntry[]; next: string | null } | { ok: false; message: string };

/** Reads the audit log, newest first, older than `before` when given. */
export async function loadAuditLog(before: string | null = null): Promise<AuditResult> {
  const query = new URLSearchParams({ workspace: workspaceId() });
  if (before) query.set('before', before);
  const result = await callApi(`/api/audit?${query.toString()}`, auditResponse);
  return result.ok ? { ok: true, ...result.data } : { ok: false, message: result.message };
}
