import { describe, expect, it } from 'vitest';
import { createHashQueue, HashQueueFull } from '../../src/server/auth/hash-queue';
import { clientAddress, throttleUnit } from '../../src/server/http/client-address';
import { checkOrigin } from '../../src/server/http/origin-guard';

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', 0)).toBe('203.0.113.5');
  });

  it('takes the entry our proxy appended, not what the client wrote', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the real peer.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.9, 10.0.0.7', 2)).toBe('203.0.113.9');
  });

  it('falls back to the peer when the header is missing, short or not an address', () => {
    expect(clientAddress('10.0.0.2', null, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '203.0.113.9', 2)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', 'evil, <script>', 1)).toBe('10.0.0.2');
  });

  it('reads IPv4-mapped IPv6 as IPv4 and throttles IPv6 per /64', () => {
    expect(clientAddress('::ffff:203.0.113.5', null, 0)).toBe('203.0.113.5');
    expect(throttleUnit('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleUnit('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(throttleUnit('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleUnit('203.0.113.5')).toBe('203.0.113.5');
  });
});

describe('same-origin rule', () => {
  const headers = (h: Record<string, string>) => new Headers({ host: 'hourmark.test', ...h });

  it('refuses a foreign Origin on every state-changing method, whatever the path', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(checkOrigin(method, headers({ origin: 'https://evil.test' }), []).kind).toBe(
        'refused',
      );
  });

  it('refuses Origin: null and cross-site fetch metadata without an Origin', () => {
    expect(checkOrigin('POST', headers({ origin: 'null' }), []).kind).toBe('refused');
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'cross-site' }), []).kind).toBe(
      'refused',
    );
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'same-site' }), []).kind).toBe(
      'refused',
    );
  });

  it('allows same-origin, listed origins, and non-browser clients', () => {
    expect(checkOrigin('POST', headers({ origin: 'https://hourmark.test' }), []).kind).toBe(
      'same-origin',
    );
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'same-origin' }), []).kind).toBe(
      'same-origin',
    );
    expect(checkOrigin('POST', headers({}), []).kind).toBe('same-origin');
    expect(
      checkOrigin('POST', headers({ origin: 'https://app.test' }), ['https://app.test']),
    ).toEqual({
      kind: 'allowed-cross-origin',
      origin: 'https://app.test',
    });
  });

  it('lets reads through from anywhere (the browser keeps the answer from the other site)', () => {
    expect(checkOrigin('GET', headers({ origin: 'https://evil.test' }), []).kind).toBe(
      'same-origin',
    );
  });
});

describe('hash queue', () => {
  it('admits at most `maxAdmitted` operations, refusing the next at once, and hashes `concurrency` at a time', async () => {
    const queue = createHashQueue({ concurrency: 2, maxAdmitted: 5 });
    let hashing = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const operation = () =>
      queue.admit(() =>
        queue.run(async () => {
          hashing += 1;
          peak = Math.max(peak, hashing);
          await new Promise<void>((resolve) => release.push(resolve));
          hashing -= 1;
          return 'done';
        }),
      );
    const accepted = Array.from({ length: 5 }, operation);
    await expect(operation()).rejects.toBeInstanceOf(HashQueueFull);
    expect(queue.load()).toEqual({ admitted: 5, hashing: 2 });
    while (queue.load().admitted > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(peak).toBe(2);
    expect(queue.load()).toEqual({ admitted: 0, hashing: 0 });
  });
});
