import { deleteCheckResponse } from '../lib/contracts/auth';
import { noBody } from '../lib/contracts/shape';
import { callApi } from './api';
import { forgetSession } from './auth';

// Account settings actions, loaded with the Account screen only.

/** Outcome of an account-settings action, shown beside its form. */
export type AccountResult =
  { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

function accountResult(result: Awaited<ReturnType<typeof callApi>>): AccountResult {
  if (result.ok) return { ok: true };
  if (result.status === 401 && result.error === 'unauthenticated') forgetSession();
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

/** Changes the password; the server signs out every other device. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<AccountResult> {
  return accountResult(
    await callApi('/user/password', noBody, { body: { currentPassword, newPassword } }),
  );
}

/** Signs out every device, this one included. */
export async function logoutEverywhere(): Promise<AccountResult> {
  const result = accountResult(await callApi('/user/logout-all', noBody, { method: 'POST' }));
  if (result.ok) forgetSession();
  return result;
}

/** Deletes the account after checking the password, then signs out. */
export async function deleteAccount(
  password: string,
  deleteWorkspaces: string[] = [],
): Promise<AccountResult> {
  const result = accountResult(
    await callApi('/user/delete', noBody, { body: { password, deleteWorkspaces } }),
  );
  if (result.ok) forgetSession();
  return result;
}

/** What deleting the account does to one of its workspaces (GET /user/delete-check). */
export interface WorkspaceEffect {
  id: string;
  name: string;
  effect: 'deleted' | 'leave' | 'blocked';
  otherMembers: number;
}

/** Asks the server what deleting the account would do to each of its workspaces. */
export async function deletionCheck(): Promise<
  { ok: true; workspaces: WorkspaceEffect[] } | { ok: false; message: string }
> {
  const result = await callApi('/user/delete-check', deleteCheckResponse);
  return result.ok
    ? { ok: true, workspaces: result.data.workspaces }
    : { ok: false, message: result.message };
}
