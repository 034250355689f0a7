import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PASSWORD_REQUESTS, malformedPath } from '../../scripts/front-door.mjs';
import { createServer } from '../../scripts/serve.mjs';

/** A raw request: Node sends the path exactly as given, unlike fetch, which normalises it. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the front door (scripts/serve.mjs) on a real socket', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer({
      // Stands in for Astro's handler; throws on one path to prove the process survives it.
      handler: (
        req: http.IncomingMessage,
        res: http.ServerResponse,
        _next: undefined,
        locals: { peerAddress?: string },
      ) => {
        seen.push(`${req.method} ${req.url}`);
        if (req.url === '/explode') throw new Error('handler bug');
        if (req.url === '/peer') {
          res.end(locals.peerAddress);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('page');
      },
      clientDir: '/nonexistent',
      headers: { 'X-Content-Type-Options': 'nosniff' },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['GET', '/%ZZ'],
    ['HEAD', '/%'],
    ['GET', '/_astro/%ZZ.js'],
    ['GET', '/clients/%E0%A4%A'],
    ['POST', '//user/password'],
    ['POST', '//user/login'],
    ['POST', '/user//login'],
    ['POST', '/./user/login'],
    ['POST', '/user/../user/login'],
    ['POST', '/user/%2e%2e/user/login'],
    ['POST', '/user%2Flogin'],
    ['GET', '/user%5Cme'],
    ['GET', '/user\\me'],
    ['GET', '/a%00b'],
  ])('refuses %s %s with 400 and keeps serving', async (method, path) => {
    const res = await raw(port, method, path);
    expect(res.status).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (method !== 'HEAD')
      expect(JSON.parse(res.body)).toMatchObject({ error: 'malformed_address' });
    expect((await raw(port, 'GET', '/')).status).toBe(200);
    expect(seen).not.toContain(`${method} ${path}`);
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE'])(
    'answers %s with 405 JSON and an Allow header',
    async (method) => {
      const res = await raw(port, method, '/user/me');
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(JSON.parse(res.body)).toMatchObject({ error: 'method_not_allowed' });
      expect(seen).not.toContain(`${method} /user/me`);
    },
  );

  it("survives methods Node's parser does not know and CONNECT", async () => {
    // Node answers an unknown method with 400 itself; CONNECT without a handler drops the socket.
    expect((await raw(port, 'FOO', '/')).status).toBe(400);
    await expect(raw(port, 'CONNECT', '127.0.0.1:1')).rejects.toThrow();
    expect((await raw(port, 'GET', '/')).status).toBe(200);
  });

  it('answers a handler that throws with 500 JSON and stays up', async () => {
    const res = await raw(port, 'GET', '/explode');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({
      error: 'internal',
      message: 'Something went wrong on our side.',
    });
    expect((await raw(port, 'GET', '/help/')).status).toBe(200);
  });

  it('refuses a Host it does not answer to with 400, except on /health', async () => {
    const res = await raw(port, 'GET', '/pricing', { host: 'evil.example' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'unknown_host' });
    expect(seen).not.toContain('GET /pricing');
    expect((await raw(port, 'GET', '/health', { host: '10.0.0.9' })).status).toBe(200);
  });

  it.each(['/user/login/', '/user/%6Cogin', '/user/%6c%6f%67%69%6e', '/sync/push/'])(
    'answers POST %s with 404 and never reaches the handler',
    async (path) => {
      const started = Date.now();
      const res = await raw(port, 'POST', path);
      expect(res.status).toBe(404);
      // Held a second, like a busy password request: a flood of them cannot fill the loop.
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'not_found' });
      expect(seen).not.toContain(`POST ${path}`);
    },
  );

  it("hands the handler the socket's address, whatever X-Forwarded-For claims", async () => {
    const res = await raw(port, 'GET', '/peer', { 'x-forwarded-for': '198.51.100.9' });
    expect(res.body).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('lets ordinary paths, queries and trailing slashes through', async () => {
    for (const path of [
      '/',
      '/help/',
      '/clients/abc-123',
      '/allHours?q=%E2%82%B9%20a%2Fb',
      '/x%20y',
    ])
      expect((await raw(port, 'GET', path)).status).toBe(200);
  });
});

describe('malformedPath', () => {
  it('survives 1,000 random paths without throwing', () => {
    let state = 7;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
    const alphabet = ['/', '%', '.', '\\', 'a', '%2', '%2F', '%e0', '?', '#', '%00', '..', 'é'];
    for (let i = 0; i < 1000; i += 1) {
      const path = Array.from(
        { length: next() % 12 },
        () => alphabet[next() % alphabet.length],
      ).join('');
      expect(() => malformedPath(`/${path}`)).not.toThrow();
    }
  });
});

describe('password requests under way (scripts/serve.mjs)', () => {
  it('passes the limit at once, holds the next for a second and answers it 503, and keeps pages quick', async () => {
    // 4 here (tests run without DATABASE_URL, as on PGlite); 16 on PostgreSQL.
    expect(MAX_PASSWORD_REQUESTS).toBe(4);
    const held: http.ServerResponse[] = [];
    const server = createServer({
      handler: (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.url === '/user/login') held.push(res);
        else res.end('page');
      },
      clientDir: '/nonexistent',
      headers: {},
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const logins = Array.from({ length: 4 }, () => raw(port, 'POST', '/user/login'));
      await expect.poll(() => held.length).toBe(4);
      const started = Date.now();
      const extra = raw(port, 'POST', '/user/login');
      const page = await raw(port, 'GET', '/');
      expect(page.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
      const refused = await extra;
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'server_busy' });
      expect(held).toHaveLength(4);
      for (const res of held.splice(0)) res.end('{}');
      await Promise.all(logins);
      const after = raw(port, 'POST', '/user/login');
      await expect.poll(() => held.length).toBe(1);
      held[0]?.end('{}');
      expect((await after).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
