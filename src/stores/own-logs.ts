import { computed } from 'nanostores';
import { $abilities } from './access';

/**
 * Whose logs Track shows (issue 47): a Manager's or Normal member's own, by the team-member id
 * the server links to their account. Admins keep every log of the day, since they enter time for
 * people without an account through TEAM MEMBER; before the first pull names the person's
 * member (null), nothing is hidden.
 */
export const $trackedMemberId = computed($abilities, (can) => (can.isAdmin ? null : can.memberId));

/** Whether Track shows a log: the person's own, or one that names no member (kept before sync). */
export function isShownOnTrack(
  log: { memberId?: string | null },
  memberId: string | null,
): boolean {
  return memberId === null || !log.memberId || log.memberId === memberId;
}
