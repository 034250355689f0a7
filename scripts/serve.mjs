// The production server: Astro's standalone handler wrapped so that every response, static
// files included, carries the security headers of src/server/security-headers.
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync, existsSync } from 'node:fs';
import { servePrecompressed } from './static-assets.mjs';

/** Starts the HTTP server on HOST:PORT (default localhost:4321). */
export async function serve({ distDir }) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(pathToFileURL(join(distDir, 'server/entry.mjs')).href);
  const headersFile = join(distDir, 'security-headers.json');
  const headers = existsSync(headersFile) ? JSON.parse(readFileSync(headersFile, 'utf8')) : {};
  const clientDir = join(distDir, 'client');
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (servePrecompressed(req, res, clientDir)) return;
    handler(req, res);
  });
  const port = Number(process.env.PORT ?? 4321);
  const host = process.env.HOST ?? 'localhost';
  await new Promise((resolve) => server.listen(port, host, resolve));
  console.log(`Hourmark listening on http://${host}:${port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return server;
}
