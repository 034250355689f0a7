import type { ThrottleKey, ThrottlePolicy } from '../throttle/throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

// The numbers below are documented in docs/security.md; change both together.

/** Wrong passwords for one account from one address: the attacker who sits on one account. */
export const PAIR_FAILURES: ThrottlePolicy = {
  free: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  quietMs: 15 * MINUTE,
};

/**
 * Wrong passwords for one account from any browser it has not signed in from before. Capped at
 * five minutes, so an attacker spread over many addresses gets at most ~12 guesses an hour but
 * never locks the account: its owner's own browsers are counted apart (DEVICE_FAILURES).
 */
export const ACCOUNT_FAILURES: ThrottlePolicy = {
  free: 10,
  baseDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  quietMs: 15 * MINUTE,
};

/** Wrong passwords from one address for any accounts: credential stuffing. */
export const ADDRESS_FAILURES: ThrottlePolicy = {
  free: 20,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  quietMs: 15 * MINUTE,
};

/** Every sign-in from one address, right or wrong, each costing a password hash. */
export const ADDRESS_SIGN_INS: ThrottlePolicy = {
  free: 60,
  baseDelayMs: SECOND,
  maxDelayMs: MINUTE,
  quietMs: 15 * MINUTE,
};

/** Wrong passwords from a browser that signed in to the account before. */
export const DEVICE_FAILURES: ThrottlePolicy = {
  free: 10,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  quietMs: 15 * MINUTE,
};

/** New accounts from one address. */
export const ADDRESS_REGISTRATIONS: ThrottlePolicy = {
  free: 10,
  baseDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
  quietMs: 60 * MINUTE,
};

/** Wrong current passwords on a signed-in session (change password, delete account). */
export const REAUTH_FAILURES: ThrottlePolicy = {
  free: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  quietMs: 15 * MINUTE,
};

/** The longest quiet window above: rows quiet for longer are deleted. */
export const LONGEST_QUIET_MS = 60 * MINUTE;

/** Keys a sign-in from an unknown browser is counted under. */
export function untrustedSignInKeys(email: string, address: string) {
  const failures: ThrottleKey[] = [
    { key: `fail:pair:${email}|${address}`, policy: PAIR_FAILURES },
    { key: `fail:account:${email}`, policy: ACCOUNT_FAILURES },
    { key: `fail:address:${address}`, policy: ADDRESS_FAILURES },
  ];
  const attempts: ThrottleKey[] = [{ key: `signin:address:${address}`, policy: ADDRESS_SIGN_INS }];
  return { failures, attempts };
}

/** The key a sign-in from a known browser is counted under instead. */
export function deviceSignInKey(deviceId: string): ThrottleKey {
  return { key: `fail:device:${deviceId}`, policy: DEVICE_FAILURES };
}

/** The key registrations from an address are counted under. */
export function registrationKey(address: string): ThrottleKey {
  return { key: `register:address:${address}`, policy: ADDRESS_REGISTRATIONS };
}

/** The key wrong current passwords of one account are counted under. */
export function reauthKey(userId: string): ThrottleKey {
  return { key: `fail:reauth:${userId}`, policy: REAUTH_FAILURES };
}
