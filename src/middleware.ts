import { defineMiddleware } from 'astro:middleware';
import { serverConfig } from './server/config';
import { compressJson } from './server/http/compress';
import { checkOrigin, corsHeaders } from './server/http/origin-guard';
import { readPath } from './server/http/request-path.mjs';
import { apiError } from './server/http/responses';

/**
 * Every request that reaches server code: the same-origin rule for every state-changing method
 * (origin-guard.ts), CORS for ALLOWED_ORIGINS, gzip for larger JSON answers, and no caching of
 * API answers. Malformed paths
 * and unknown methods are refused before this, by scripts/front-door.mjs.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { request } = context;
  // The front door already answers these; this keeps `astro dev` and any other host honest too.
  if (!readPath(context.url.pathname).canonical)
    return apiError(404, 'not_found', 'Not found. Endpoints answer only at their exact address.');
  const verdict = checkOrigin(request.method, request.headers, serverConfig());
  const cors = verdict.kind === 'allowed-cross-origin' ? corsHeaders(verdict.origin) : {};

  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (verdict.kind === 'refused')
    return apiError(403, 'forbidden_origin', 'Requests from this website are not allowed.');
  const response = await compressJson(request, await next());
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return response;
});
