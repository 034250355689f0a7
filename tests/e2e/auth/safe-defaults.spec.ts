import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { newAccount, registerConfirmed } from '../support/session';
import { raw } from '../support/raw-http';

// Issue 24, through the built server started as the README starts it: without TRUST_PROXY a
// client cannot choose its address, a request naming another host gets nowhere, an endpoint
// answers only its own spelling, and clients that hang up do not flood the log.
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => server.stop());

const json = { 'content-type': 'application/json' };
let rotation = 0;
/** A different X-Forwarded-For on every call, as the attacker in the issue sent. */
const rotating = () => ({ ...json, 'x-forwarded-for': `203.0.113.${(rotation += 1)}` });
const post = (path: string, body: unknown, headers: Record<string, string> = rotating()) =>
  raw(server.url, 'POST', path, headers, JSON.stringify(body));

test('without TRUST_PROXY a rotating X-Forwarded-For buys no more sign-ups or guesses', async () => {
  const id = Date.now().toString(36);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const account = {
      name: 'Rotor',
      email: `rotor.${id}.${i}@example.com`,
      password: 'rotor pw 1',
    };
    statuses.push((await post('/user/register', account)).status);
  }
  // 10 new accounts per address an hour (docs/security.md); the socket's address is one address.
  expect(statuses.filter((status) => status === 201)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);

  const guesses: number[] = [];
  for (let i = 0; i < 7; i += 1)
    guesses.push(
      (await post('/user/login', { email: `rotor.${id}.0@example.com`, password: `wrong ${i}` }))
        .status,
    );
  // 5 wrong passwords per account and address, then a wait: the header changed nothing.
  expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);
});

test('behind one proxy (TRUST_PROXY=1) only the entry the proxy appended counts', async ({
  request,
  baseURL,
}) => {
  // The suite's server runs as behind nginx; the client's own claims sit left of nginx's entry.
  const account = newAccount();
  const proxy = { ...json, 'x-forwarded-for': '198.51.100.231' };
  await registerConfirmed(request, account, proxy);
  const guesses: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const claimed = { ...json, 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.232` };
    const res = await raw(
      baseURL ?? '',
      'POST',
      '/user/login',
      claimed,
      JSON.stringify({
        email: account.email,
        password: `wrong ${i}`,
      }),
    );
    guesses.push(res.status);
  }
  expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);
});

test('a Host the server does not answer to gets 400, except /health', async () => {
  const evil = { host: 'evil.example', origin: 'http://evil.example', ...json };
  const forgot = await post('/user/forgot-password', { email: 'someone@example.com' }, evil);
  expect(forgot.status).toBe(400);
  expect(JSON.parse(forgot.body)).toMatchObject({ error: 'unknown_host' });
  // DNS rebinding: a page of evil.example resolved to 127.0.0.1 still names evil.example.
  expect((await raw(server.url, 'GET', '/', { host: 'evil.example:4321' })).status).toBe(400);
  expect((await raw(server.url, 'GET', '/user/me', { host: 'evil.example' })).status).toBe(400);
  expect((await raw(server.url, 'GET', '/health', { host: '10.1.2.3' })).status).toBe(200);
  for (const host of ['localhost', `127.0.0.1:${server.port}`, '[::1]'])
    expect((await raw(server.url, 'GET', '/pricing', { host })).status, host).toBe(200);
});

test('the origin check compares with our own origin, never with the request’s Host', async () => {
  const credentials = { email: 'nobody@example.com', password: 'not it 123' };
  const ownHost = { ...json, host: `127.0.0.1:${server.port}` };
  const foreign = await post('/user/login', credentials, {
    ...ownHost,
    origin: 'http://evil.example',
  });
  expect(foreign.status).toBe(403);
  const own = await post('/user/login', credentials, { ...ownHost, origin: server.url });
  expect(own.status).toBe(401);
});

test('mail without PUBLIC_URL stops the start with a message naming PUBLIC_URL', () => {
  const started = spawnSync('node', ['scripts/start.mjs'], {
    env: { ...process.env, SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL: '' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(started.status).toBe(1);
  expect(started.stderr).toContain('PUBLIC_URL');
});

test('an endpoint answers 404 to a trailing slash or an encoded letter, and is not flooded through it', async () => {
  for (const path of ['/user/login/', '/user/%6Cogin', '/user/register/', '/user/password/']) {
    const res = await post(path, { email: 'a@example.com', password: 'whatever 1' });
    expect(res.status, path).toBe(404);
    expect(JSON.parse(res.body), path).toMatchObject({ error: 'not_found' });
  }
  // Not a redirect: a 308 would make the browser send the POST again. And not at once: a flood
  // of them gets one answer a second per connection.
  const started = Date.now();
  expect((await raw(server.url, 'GET', '/sync/pull/')).headers.location).toBeUndefined();
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

/** Every route in src/pages, with a value for its parameter. */
function routes(): { path: string; endpoint: boolean }[] {
  const root = 'src/pages';
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(root);
  return files.map((file) => {
    const route = `/${relative(root, file)}`
      .replace(/\.(astro|ts|mdx?)$/, '')
      .replace(/\/index$/, '/')
      .replace('[slug]', 'invoicing-your-clients')
      .replace('[id]', 'abc-123');
    return {
      path: route.length > 1 ? route.replace(/\/$/, '') : route,
      endpoint: file.endsWith('.ts'),
    };
  });
}

test('every route in src/pages, with and without a trailing slash', async () => {
  const walked = routes();
  expect(walked.length).toBeGreaterThan(70);
  // All at once: the front door answers another spelling of an endpoint only after a second.
  const answers = await Promise.all(
    walked
      .filter(({ path }) => path !== '/' && path !== '/404')
      .map(async (route) => ({
        ...route,
        plain: await raw(server.url, 'GET', route.path),
        slashed: await raw(server.url, 'GET', `${route.path}/`),
      })),
  );
  for (const { path, endpoint, plain, slashed } of answers) {
    if (endpoint) {
      // Whatever the endpoint says to a bare GET (401, 405, 400…), it is not the front door's 404.
      expect(plain.body, path).not.toContain('This endpoint answers only at');
      expect(slashed.status, `${path}/`).toBe(404);
      expect(JSON.parse(slashed.body), `${path}/`).toMatchObject({ error: 'not_found' });
    } else {
      expect(plain.status, path).toBe(200);
      expect(slashed.status, `${path}/`).toBe(200);
    }
  }
});

/** Opens a request, sends half its body, and hangs up. */
function hangUp(port: number, path: string) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 200);
    });
    socket.on('error', () => resolve());
  });
}

test('clients that hang up are counted in one line, and a slow honest upload still arrives', async () => {
  await Promise.all(Array.from({ length: 40 }, () => hangUp(server.port, '/user/forgot-password')));
  await expect.poll(() => server.log()).toMatch(/abandoned/);
  const log = server.log();
  expect(log).not.toContain('Unexpected API error');
  expect(log).not.toMatch(/^\s+at /m);
  expect(log.match(/abandoned/g)?.length ?? 0).toBeLessThanOrEqual(2);

  // A body trickled over three seconds is read to the end and answered.
  const body = JSON.stringify({ email: 'slow.upload@example.com' });
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(
        `POST /user/forgot-password HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      let sent = 0;
      const timer = setInterval(
        () => {
          const part = body.slice(sent, sent + 4);
          sent += part.length;
          socket.write(part);
          if (sent >= body.length) clearInterval(timer);
        },
        3000 / Math.ceil(body.length / 4),
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
});
