// The production server: a front door that refuses malformed requests, precompressed assets,
// then Astro's standalone handler; every response carries the security headers.
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync, existsSync } from 'node:fs';
import { hostRules, settingsProblem } from '../src/server/http/hosts.mjs';
import { passwordAdmission, refuse } from './front-door.mjs';
import { servePrecompressed } from './static-assets.mjs';

/** Headers for every response: the build's CSP set, plus HSTS when PUBLIC_URL is https. */
export function responseHeaders(distDir, publicUrl = process.env.PUBLIC_URL) {
  const file = join(distDir, 'security-headers.json');
  const headers = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (publicUrl?.startsWith('https:')) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/**
 * An HTTP server around `handler` (Astro's, or a stand-in in tests). A request the front door
 * refuses, or one that throws on the way, gets an answer and never stops the process. The
 * handler gets the TCP peer's address in `locals.peerAddress`: Astro's own `clientAddress` is
 * the first X-Forwarded-For entry, which the client writes itself
 * (src/server/http/client-address.ts decides what to trust, from TRUST_PROXY).
 */
export function createServer({ handler, clientDir, headers, hosts = hostRules(process.env) }) {
  const admission = passwordAdmission();
  return http.createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const refusal = refuse(req, hosts);
    if (refusal) {
      if (refusal.held) hold(req, res, refusal);
      else answer(req, res, refusal);
      return;
    }
    const busy = admission.enter(req, res);
    if (busy) {
      hold(req, res, busy);
      return;
    }
    try {
      if (servePrecompressed(req, res, clientDir)) return;
      const locals = { peerAddress: req.socket.remoteAddress };
      Promise.resolve(handler(req, res, undefined, locals)).catch((error) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  });
}

/** How long a password request turned away as busy waits for its 503. */
const BUSY_HOLD_MS = 1000;

/**
 * Answers after BUSY_HOLD_MS: a flood's connections then come back once a second instead of
 * thousands of times, which keeps the event loop free for everyone else.
 */
function hold(req, res, refusal) {
  const timer = setTimeout(() => answer(req, res, refusal), BUSY_HOLD_MS);
  res.once('close', () => clearTimeout(timer));
}

function answer(req, res, { status, headers, body }) {
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function fail(res, error) {
  console.error('Unexpected server error', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: 'internal', message: 'Something went wrong on our side.' }));
}

/** Asks /health until the database is open, so no visitor's request waits for it. */
async function warmUp(url) {
  const started = Date.now();
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) {
        console.log(`Database ready after ${Date.now() - started} ms`);
        return;
      }
    } catch {
      // The server is still binding or the database still opening; ask again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error('The database did not become ready within a minute; see the errors above.');
}

/** Starts the HTTP server on HOST:PORT (default localhost:4321) and opens the database. */
export async function serve({ distDir }) {
  const problem = settingsProblem(process.env);
  if (problem) {
    console.error(`Hourmark cannot start: ${problem}`);
    process.exit(1);
  }
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(pathToFileURL(join(distDir, 'server/entry.mjs')).href);
  const server = createServer({
    handler,
    clientDir: join(distDir, 'client'),
    headers: responseHeaders(distDir),
  });
  const port = Number(process.env.PORT ?? 4321);
  const host = process.env.HOST ?? 'localhost';
  // A team reconnecting at once (a restart, a network blip) opens a stream and a pull per
  // device within a second: Node's default queue of 511 connections waiting to be accepted
  // overflowed at 1,000 devices, and each refused connection was tried again 1, 3, 7 s later
  // (issue 34). The kernel caps this at net.core.somaxconn (4096 on current Linux).
  await new Promise((resolve) => server.listen({ port, host, backlog: 4096 }, resolve));
  console.log(`Hourmark listening on http://${host}:${port}`);
  const local = ['0.0.0.0', '::'].includes(host) ? 'localhost' : host;
  void warmUp(`http://${local.includes(':') ? `[${local}]` : local}:${port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return server;
}
