// Astro integration: after the build, hashes every inline <script> and <style> Astro emitted and writes
// dist/security-headers.json, which scripts/serve.mjs sends on every response. This keeps the
// Content-Security-Policy at 'self' plus exactly the inline scripts Astro needs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
// Astro's island runtime ships one inline <style> (astro-island { display: contents }).
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const hashOf = (body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** The sha256 sources of every inline script and style in the built HTML, reading each file once. */
export function inlineHashes(clientDir) {
  const scripts = new Set();
  const styles = new Set();
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8');
    for (const [pattern, into] of [
      [INLINE_SCRIPT, scripts],
      [INLINE_STYLE, styles],
    ]) {
      for (const match of html.matchAll(pattern)) {
        const body = match[1] ?? '';
        if (body.trim() !== '') into.add(hashOf(body));
      }
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/** The headers sent on every response, given the allowed inline script hashes. */
export function securityHeaders(scriptHashes, connectSrc = [], styleHashes = []) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    // Quill and Ariakit position popovers through style attributes, never <style> blocks.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectSrc.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** @returns {import('astro').AstroIntegration} */
export default function securityHeadersIntegration() {
  return {
    name: 'hourmark-security-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const apiOrigin = process.env.PUBLIC_API_URL
          ? [new URL(process.env.PUBLIC_API_URL).origin]
          : [];
        const { scripts, styles } = inlineHashes(clientDir);
        const headers = securityHeaders(scripts, apiOrigin, styles);
        const out = join(clientDir, '..', 'security-headers.json');
        writeFileSync(out, JSON.stringify(headers, null, 2));
        logger.info(`wrote ${out}`);
      },
    },
  };
}
