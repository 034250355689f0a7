import { defineMiddleware } from 'astro:middleware';
import { readConfig } from './server/config';
import { apiError } from './server/http/responses';

const API_PREFIX = '/user/';

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

function sameHost(origin: string, host: string | null): boolean {
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * For /user/*: CORS for the origins in ALLOWED_ORIGINS, and a refusal of cross-site requests
 * from anywhere else (the session cookie is SameSite=Lax, this also covers same-site subdomains).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.url.pathname.startsWith(API_PREFIX) || context.isPrerendered) return next();
  const origin = context.request.headers.get('origin');
  const allowed = origin !== null && readConfig().allowedOrigins.includes(origin);
  // Compared with the Host header the browser sent: behind the Node adapter context.url does not
  // always carry the port the browser used, and the Host header is what the Origin must match.
  const sameOrigin = origin === null || sameHost(origin, context.request.headers.get('host'));

  if (context.request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: allowed && origin ? corsHeaders(origin) : {},
    });
  }
  if (!sameOrigin && !allowed) {
    return apiError(403, 'forbidden_origin', 'Requests from this website are not allowed.');
  }
  const response = await next();
  if (allowed && origin)
    for (const [name, value] of Object.entries(corsHeaders(origin)))
      response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return response;
});
