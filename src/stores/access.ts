import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { abilitiesOf, unknownAccess, type Access } from '../lib/abilities';
import { durationFormatOf } from '../lib/duration-format';
import { currencyOf } from '../lib/money-format';
import { $cacheOwner } from './sync/owner';

/** Where the device keeps what the last pull said about the person's place in the workspace. */
export const ACCESS_KEY = 'hm.access';

interface StoredAccess extends Access {
  userId: string;
  workspaceId: string;
}

function decode(raw: string): StoredAccess | null {
  try {
    const parsed = JSON.parse(raw) as StoredAccess | null;
    return parsed && typeof parsed.userId === 'string' && typeof parsed.role === 'string'
      ? { ...unknownAccess, ...parsed, rules: { ...unknownAccess.rules, ...parsed.rules } }
      : null;
  } catch {
    return null;
  }
}

const $stored = persistentAtom<StoredAccess | null>(ACCESS_KEY, null, {
  encode: (value) => (value ? JSON.stringify(value) : ''),
  decode,
});

/**
 * Forgets what the last pull said, when the server says the person is no longer a member: the
 * screens fall back to the least instead of offering the old role's actions to a cache that
 * can no longer be saved.
 */
export function forgetAccess(): void {
  $stored.set(null);
}

/** Records what a pull said, for the account and workspace the cache belongs to. */
export function rememberAccess(owner: { userId: string; workspaceId: string }, access: Access) {
  $stored.set({ ...access, userId: owner.userId, workspaceId: owner.workspaceId });
}

/**
 * The person's abilities in the open workspace. Until the server has said (a first pull), the
 * least: actions appear once known rather than being offered and refused.
 */
export const $abilities = computed([$stored, $cacheOwner], (stored, owner) =>
  abilitiesOf(
    stored && owner && stored.userId === owner.userId && stored.workspaceId === owner.workspaceId
      ? stored
      : unknownAccess,
  ),
);

/** The open workspace's rules (time zone, week start, locks). */
export const $workspaceRules = computed(
  [$stored],
  (stored) => stored?.rules ?? unknownAccess.rules,
);

/**
 * The open workspace's currency, which every amount on screen and in the browser's exports is
 * written in: known from the last pull and kept on the device, so screens show it offline too;
 * INR until a first pull says otherwise.
 */
export const $currency = computed([$stored], (stored) => currencyOf(stored?.currency));

/**
 * How the open workspace shows durations on every screen, 1:20 or 1.33 (issue 47): known from the
 * last pull and kept on the device; the clock until a pull says otherwise.
 */
export const $durationFormat = computed([$workspaceRules], (rules) =>
  durationFormatOf(rules.durationFormat),
);
