// Serves dist/client/_astro assets precompressed (integrations/precompress.mjs) with a
// year-long immutable cache: their names carry a content hash, so they never change.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Answers the request from a precompressed file and returns true, or returns false. */
export function servePrecompressed(req, res, clientDir) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    // A malformed path is the front door's to refuse; here it is simply not an asset.
    return false;
  }
  if (!pathname.startsWith('/_astro/')) return false;
  const file = normalize(join(clientDir, pathname));
  // Never step outside the assets folder, whatever the URL says.
  if (!file.startsWith(join(clientDir, '_astro'))) return false;
  const type = TYPES[extname(file)];
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = ['br', 'gzip'].find(
    (name) =>
      new RegExp(`\\b${name}\\b`).test(accepted) &&
      existsSync(`${file}.${name === 'br' ? 'br' : 'gz'}`),
  );
  if (!type || !encoding) return false;
  const compressed = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Encoding': encoding,
    'Content-Length': statSync(compressed).size,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(compressed).pipe(res);
  return true;
}
