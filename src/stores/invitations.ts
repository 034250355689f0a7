import { atom } from 'nanostores';
import { noBody } from '../lib/contracts/shape';
import { invitationsResponse, invitedResponse, memberResetResponse } from '../lib/contracts/team';
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

/** A link an Admin made, to copy, and whether it was mailed. */
export interface MadeInvitation {
  /** The pending invitation's id: the link shows while that invitation is pending. */
  id: string;
  memberId: string;
  email: string;
  link: string;
  mailed: 'sent' | 'off' | 'failed';
}

// The server keeps only a hash of each link, so a link can be shown only by the tab that made it.
// Inviting one person after another goes through the member form (a page load each), so the
// links live in this tab's sessionStorage: every one stays on /users until it is accepted,
// revoked, replaced by a resend or dismissed, and closing the tab forgets them (issue 47).
const MADE_KEY = 'hm.madeInvitations';

function readMade(): MadeInvitation[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(MADE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isMade) : [];
  } catch {
    return [];
  }
}

function isMade(value: unknown): value is MadeInvitation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'string' &&
    typeof v['memberId'] === 'string' &&
    typeof v['email'] === 'string' &&
    typeof v['link'] === 'string' &&
    (v['mailed'] === 'sent' || v['mailed'] === 'off' || v['mailed'] === 'failed')
  );
}

/** Links made in this tab whose invitations may still be pending, newest first. */
export const $madeInvitations = atom<MadeInvitation[]>(readMade());

$madeInvitations.listen((list) => {
  try {
    if (list.length === 0) globalThis.sessionStorage?.removeItem(MADE_KEY);
    else globalThis.sessionStorage?.setItem(MADE_KEY, JSON.stringify(list));
  } catch {
    // Storage refused: the links still show until the page is left.
  }
});

/** Keeps a new link; a resend's link replaces the member's earlier one (which stopped working). */
function keepMade(made: MadeInvitation): void {
  $madeInvitations.set([
    made,
    ...$madeInvitations.get().filter((m) => m.memberId !== made.memberId),
  ]);
}

/** Stops showing a link (the Admin is done with it). */
export function dismissMadeInvitation(id: string): void {
  $madeInvitations.set($madeInvitations.get().filter((m) => m.id !== id));
}

/** Drops links whose invitations are no longer pending (accepted, revoked or expired). */
function keepPendingOnly(pending: readonly PendingInvitation[]): void {
  const ids = new Set(pending.map((p) => p.id));
  const kept = $madeInvitations.get().filter((m) => ids.has(m.id));
  if (kept.length !== $madeInvitations.get().length) $madeInvitations.set(kept);
}

const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';

/** Asks the server who is invited and who has joined. */
export async function loadInvitations(): Promise<void> {
  const id = workspaceId();
  if (!id) return;
  $invitations.set({ ...$invitations.get(), state: 'loading' });
  const result = await callApi(
    `/api/invitations?workspace=${encodeURIComponent(id)}`,
    invitationsResponse,
  );
  $invitations.set(
    result.ok
      ? { state: 'ready', pending: result.data.pending, joined: result.data.joined, message: '' }
      : { ...$invitations.get(), state: 'unavailable', message: result.message },
  );
  if (result.ok) keepPendingOnly(result.data.pending);
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
  const result = await callApi('/api/invitations', invitedResponse, {
    body: { workspaceId: workspaceId(), memberId },
  });
  if (!result.ok) return { ok: false, message: result.fields?.['memberId'] ?? result.message };
  const made: MadeInvitation = {
    id: result.data.invitation.id,
    memberId,
    email: result.data.invitation.email,
    link: result.data.link,
    mailed: result.data.mailed,
  };
  keepMade(made);
  void loadInvitations();
  return { ok: true, made };
}

/** Withdraws a pending invitation. */
export async function revokeInvitation(id: string): Promise<{ ok: boolean; message: string }> {
  const result = await callApi('/api/invitations/revoke', noBody, {
    body: { workspaceId: workspaceId(), id },
  });
  if (result.ok) dismissMadeInvitation(id);
  void loadInvitations();
  return { ok: result.ok, message: result.ok ? '' : result.message };
}

/** A password-reset link an Admin made for a member, to copy; or why it could not be made. */
export type MemberResetResult =
  { ok: true; link: string; mailed: 'sent' | 'off' | 'failed' } | { ok: false; message: string };

/** Makes a reset link for a member who joined only through this workspace's invitation. */
export async function makeMemberResetLink(memberId: string): Promise<MemberResetResult> {
  const result = await callApi('/api/member-reset-link', memberResetResponse, {
    body: { workspaceId: workspaceId(), memberId },
  });
  return result.ok
    ? { ok: true, link: result.data.link, mailed: result.data.mailed }
    : { ok: false, message: result.message };
}
