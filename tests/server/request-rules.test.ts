import { describe, expect, it } from 'vitest';
import { createHashQueue, HashQueueFull } from '../../src/server/auth/hash-queue';
import { clientAddress, throttleUnit } from '../../src/server/http/client-address';
import { answersTo, hostRules, settingsProblem } from '../../src/server/http/hosts.mjs';
import { checkOrigin } from '../../src/server/http/origin-guard';
import { canonicalPath, readPath } from '../../src/server/http/request-path.mjs';

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
  const own = (allowedOrigins: string[] = []) => ({
    ownOrigins: hostRules({ PUBLIC_URL: 'https://hourmark.test' }).ownOrigins,
    allowedOrigins,
  });

  it('refuses a foreign Origin on every state-changing method, whatever the path', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(checkOrigin(method, headers({ origin: 'https://evil.test' }), own()).kind).toBe(
        'refused',
      );
  });

  it('refuses Origin: null and cross-site fetch metadata without an Origin', () => {
    expect(checkOrigin('POST', headers({ origin: 'null' }), own()).kind).toBe('refused');
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'cross-site' }), own()).kind).toBe(
      'refused',
    );
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'same-site' }), own()).kind).toBe(
      'refused',
    );
  });

  it('allows same-origin, listed origins, and non-browser clients', () => {
    expect(checkOrigin('POST', headers({ origin: 'https://hourmark.test' }), own()).kind).toBe(
      'same-origin',
    );
    expect(checkOrigin('POST', headers({ 'sec-fetch-site': 'same-origin' }), own()).kind).toBe(
      'same-origin',
    );
    expect(checkOrigin('POST', headers({}), own()).kind).toBe('same-origin');
    expect(
      checkOrigin('POST', headers({ origin: 'https://app.test' }), own(['https://app.test'])),
    ).toEqual({
      kind: 'allowed-cross-origin',
      origin: 'https://app.test',
    });
  });

  it("never takes the request's own Host as its origin", () => {
    // A forged request names the attacker's host in both headers: it is not our origin.
    const forged = new Headers({ host: 'evil.example', origin: 'http://evil.example' });
    expect(checkOrigin('POST', forged, own()).kind).toBe('refused');
    // Without PUBLIC_URL, the loopback names on PORT are the server's own pages.
    const local = { ownOrigins: hostRules({ PORT: '4321' }).ownOrigins, allowedOrigins: [] };
    const fromLaptop = new Headers({ host: 'evil.example', origin: 'http://localhost:4321' });
    expect(checkOrigin('POST', fromLaptop, local).kind).toBe('same-origin');
    const otherPort = new Headers({ origin: 'http://localhost:8080' });
    expect(checkOrigin('POST', otherPort, local).kind).toBe('refused');
  });

  it('lets reads through from anywhere (the browser keeps the answer from the other site)', () => {
    expect(checkOrigin('GET', headers({ origin: 'https://evil.test' }), own()).kind).toBe(
      'same-origin',
    );
  });
});

describe('host names the server answers to', () => {
  it('answers only to loopback names and HOST without PUBLIC_URL, plus ALLOWED_HOSTS', () => {
    const laptop = hostRules({ PORT: '4321' });
    for (const host of ['localhost:4321', 'LOCALHOST', '127.0.0.1:4321', '[::1]:4321'])
      expect(answersTo(host, laptop), host).toBe(true);
    for (const host of ['evil.example', 'evil.example:4321', 'localhost.evil.example', undefined])
      expect(answersTo(host, laptop), String(host)).toBe(false);
    expect(laptop.appUrl.href).toBe('http://localhost:4321/');

    const lan = hostRules({ HOST: '192.168.1.20', PORT: '80', ALLOWED_HOSTS: 'hm.lan, box' });
    for (const host of ['192.168.1.20', 'hm.lan', 'box:80', 'localhost'])
      expect(answersTo(host, lan), host).toBe(true);
    expect([...lan.ownOrigins]).toContain('http://hm.lan');
    expect(lan.appUrl.href).toBe('http://192.168.1.20/');
    // 0.0.0.0 is every interface, not a name anyone types.
    expect(answersTo('0.0.0.0', hostRules({ HOST: '0.0.0.0' }))).toBe(false);
  });

  it('answers only to PUBLIC_URL (and ALLOWED_HOSTS) when it is set', () => {
    const site = hostRules({
      PUBLIC_URL: 'https://hourmark.example.com',
      ALLOWED_HOSTS: 'www.hourmark.example.com',
    });
    expect(answersTo('hourmark.example.com', site)).toBe(true);
    expect(answersTo('www.hourmark.example.com', site)).toBe(true);
    expect(answersTo('localhost:4321', site)).toBe(false);
    expect([...site.ownOrigins]).toEqual([
      'https://hourmark.example.com',
      'https://www.hourmark.example.com',
    ]);
    expect(site.appUrl.href).toBe('https://hourmark.example.com/');
  });

  it('refuses to start with mail but no PUBLIC_URL, and keeps a bare laptop start working', () => {
    expect(settingsProblem({})).toBeNull();
    expect(settingsProblem({ SMTP_URL: 'smtp://127.0.0.1:25' })).toMatch(/PUBLIC_URL/);
    expect(
      settingsProblem({ SMTP_URL: 'smtp://127.0.0.1:25', PUBLIC_URL: 'https://hm.example' }),
    ).toBeNull();
    expect(settingsProblem({ PUBLIC_URL: 'hourmark.example.com' })).toMatch(/not a URL/);
  });
});

describe('the canonical path', () => {
  it('reads trailing slashes and encoded letters as the route they reach', () => {
    expect(canonicalPath('/user/login/')).toBe('/user/login');
    expect(canonicalPath('/user/%6Cogin?x=1')).toBe('/user/login');
    expect(canonicalPath('/user/%6c%6F%67%69%6E/')).toBe('/user/login');
    expect(canonicalPath('/')).toBe('/');
    // Only unreserved characters are decoded: %2F stays a different (refused) path.
    expect(canonicalPath('/user%2Flogin')).toBe('/user%2Flogin');
  });

  it('marks other spellings of an endpoint non-canonical, and leaves pages alone', () => {
    expect(readPath('/user/login')).toEqual({ path: '/user/login', canonical: true });
    expect(readPath('/user/login/')).toEqual({ path: '/user/login', canonical: false });
    expect(readPath('/user/%6Cogin')).toEqual({ path: '/user/login', canonical: false });
    expect(readPath('/sync/pull/?since=3')).toEqual({ path: '/sync/pull', canonical: false });
    expect(readPath('/api/invoices/issue/')).toEqual({
      path: '/api/invoices/issue',
      canonical: false,
    });
    expect(readPath('/health/')).toEqual({ path: '/health', canonical: false });
    expect(readPath('/pricing/')).toEqual({ path: '/pricing', canonical: true });
    expect(readPath('/help/%6Cocked')).toEqual({ path: '/help/locked', canonical: true });
    // The API reference is a page under /api/ (issue 50); the public API's endpoints are not.
    expect(readPath('/api/docs/')).toEqual({ path: '/api/docs', canonical: true });
    expect(readPath('/api/v1/me/')).toEqual({ path: '/api/v1/me', canonical: false });
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
