import { atom } from 'nanostores';
import { callApi } from './api';
import { $cacheOwner } from './sync/owner';

/** A pending invitation as the server lists it. */
export interface PendingInvitation {
  id: string;
  memberId: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

/** Who has joined and who is invited, for /users (Admins only; others get a message). */
export interface InvitationState {
  state: 'idle' | 'loading' | 'ready' | 'unavailable';
  pending: PendingInvitation[];
  joined: string[];
  message: string;
}

export const $invitations = atom<InvitationState>({
  state: 'idle',
  pending: [],
  joined: [],
  message: '',
});

/** The link an Admin just made, to copy, and whether it was mailed. */
export interface MadeInvitation {
  memberId: string;
  email: string;
  link: string;
  mailed: 'sent' | 'off' | 'failed';
}

export const $madeInvitation = atom<MadeInvitation | null>(null);

const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** Asks the server who is invited and who has joined. */
export async function loadInvitations(): Promise<void> {
  const id = workspaceId();
  if (!id) return;
  $invitations.set({ ...$invitations.get(), state: 'loading' });
  const result = await callApi<{ pending: PendingInvitation[]; joined: string[] }>(
    `/api/invitations?workspace=${encodeURIComponent(id)}`,
  );
  $invitations.set(
    result.ok
      ? { state: 'ready', pending: result.data.pending, joined: result.data.joined, message: '' }
      : { ...$invitations.get(), state: 'unavailable', message: result.message },
  );
}

/**
 * Invites a team member: their record must reach the server first (a member added a moment ago
 * may still wait in the outbox), then the server makes the link and mails it when it can.
 */
export async function inviteMember(
  memberId: string,
): Promise<{ ok: true; made: MadeInvitation } | { ok: false; message: string }> {
  const { savedOnServer } = await import('./app-sync');
  if (!(await savedOnServer()))
    return {
      ok: false,
      message:
        'This team member is not saved on the server yet, so no link can be made. Try again once the status says Saved.',
    };
  const result = await callApi<{
    invitation: PendingInvitation;
    link: string;
    mailed: MadeInvitation['mailed'];
  }>('/api/invitations', { body: { workspaceId: workspaceId(), memberId } });
  if (!result.ok) return { ok: false, message: result.fields?.['memberId'] ?? result.message };
  const made = {
    memberId,
    email: result.data.invitation.email,
    link: result.data.link,
    mailed: result.data.mailed,
  };
  $madeInvitation.set(made);
  void loadInvitations();
  return { ok: true, made };
}

/** Withdraws a pending invitation. */
export async function revokeInvitation(id: string): Promise<{ ok: boolean; message: string }> {
  const result = await callApi('/api/invitations/revoke', {
    body: { workspaceId: workspaceId(), id },
  });
  if ($madeInvitation.get()) $madeInvitation.set(null);
  void loadInvitations();
  return { ok: result.ok, message: result.ok ? '' : result.message };
}

/** A password-reset link an Admin made for a member, to copy; or why it could not be made. */
export type MemberResetResult =
  { ok: true; link: string; mailed: 'sent' | 'off' | 'failed' } | { ok: false; message: string };

/** Makes a reset link for a member who joined only through this workspace's invitation. */
export async function makeMemberResetLink(memberId: string): Promise<MemberResetResult> {
  const result = await callApi<{ link: string; mailed: 'sent' | 'off' | 'failed' }>(
    '/api/member-reset-link',
    { body: { workspaceId: workspaceId(), memberId } },
  );
  return result.ok
    ? { ok: true, link: result.data.link, mailed: result.data.mailed }
    : { ok: false, message: result.message };
}
