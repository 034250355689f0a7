import { computed } from 'nanostores';
import { $user } from './auth';
import { $team } from './team-list';

/**
 * The signed-in person's own team-member id, matched by email as the server links accounts to
 * members; null when the cache holds no member for them (data from before sync, a solo browser).
 */
export const $myMemberId = computed([$team, $user], (team, user) => {
  if (!user) return null;
  const email = user.email.trim().toLowerCase();
  return team.find((m) => m.email.trim().toLowerCase() === email)?.id ?? null;
});

/**
 * Whether a log is the person's own: theirs by member id, or a log that names no member (kept in
 * this browser before there was a team). Without a member of their own every log is theirs.
 */
export function isOwnLog(log: { memberId?: string | null }, myMemberId: string | null): boolean {
  return myMemberId === null || !log.memberId || log.memberId === myMemberId;
}
