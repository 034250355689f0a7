import { randomInt } from 'node:crypto';

/**
 * Headers that make an API call come from an address of its own. The test server runs with
 * TRUST_PROXY=1, as it would behind nginx, so each test's sign-up and sign-in count under their
 * own address (RFC 5737 test ranges) instead of all sharing 127.0.0.1's per-address limits.
 */
export function fromOwnAddress(): Record<string, string> {
  return { 'X-Forwarded-For': `198.51.100.${randomInt(1, 255)}, 203.0.113.${randomInt(1, 255)}` };
}
