import { isIP } from 'node:net';

/**
 * The address a request came from. Without proxies (`hops` 0) that is the peer of the TCP
 * connection and X-Forwarded-For is ignored, since a client can write anything there. Behind
 * `hops` proxies, each appends the address it received the request from, so the entry `hops`
 * places from the right was written by our own outermost proxy; anything to its left is the
 * client's own claim. When the header is shorter than that, the request did not come through
 * every proxy and the peer address is used.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  hops: number,
): string {
  const fallback = normaliseAddress(peer ?? '') ?? 'unknown';
  if (hops <= 0 || !forwardedFor) return fallback;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - hops];
  return (entry && normaliseAddress(entry)) ?? fallback;
}

/** A canonical IP string (IPv4-mapped IPv6 as IPv4), or null when it is not an IP address. */
export function normaliseAddress(value: string): string | null {
  const bare = value.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return isIP(bare) ? bare.toLowerCase() : null;
}

/**
 * The unit an address is throttled as: IPv4 addresses one by one, IPv6 by /64, because one
 * home or server usually gets a whole /64 and could otherwise step through it.
 */
export function throttleUnit(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
