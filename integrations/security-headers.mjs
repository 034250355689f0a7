// Astro integration: after the build, hashes every inline <script> Astro emitted and writes
// dist/security-headers.json, which scripts/serve.mjs sends on every response. This keeps the
// Content-Security-Policy at 'self' plus exactly the inline scripts Astro needs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
// Astro's island runtime ships one inline <style> (astro-island { display: contents }).
export const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Collects the sha256 sources of every inline script (or, with INLINE_STYLE, style) in the built HTML. */
export function inlineScriptHashes(clientDir, pattern = INLINE_SCRIPT) {
  const hashes = new Set();
  for (const file of htmlFiles(clientDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const body = match[1] ?? '';
      if (body.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
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
        const headers = securityHeaders(
          inlineScriptHashes(clientDir),
          apiOrigin,
          inlineScriptHashes(clientDir, INLINE_STYLE),
        );
        const out = join(clientDir, '..', 'security-headers.json');
        writeFileSync(out, JSON.stringify(headers, null, 2));
        logger.info(`wrote ${out}`);
      },
    },
  };
}
