import { defineMiddleware } from 'astro:middleware';
import { serverConfig } from './server/config';
import { compressJson } from './server/http/compress';
import { checkOrigin, corsHeaders } from './server/http/origin-guard';
import {
  bearerOutsidePublicApi,
  isPublicApi,
  publicCorsHeaders,
} from './server/http/public-api-rules';
import { queryProblem } from './server/http/query-string';
import { readPath } from './server/http/request-path.mjs';
import { apiError } from './server/http/responses';

/**
 * Every request that reaches server code: the same-origin rule for every state-changing method
 * (origin-guard.ts), 400 for a query string with control characters (query-string.ts), CORS for
 * ALLOWED_ORIGINS, gzip for larger JSON answers, and no caching of API answers. Malformed paths
 * and unknown methods are refused before this, by scripts/front-door.mjs.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { request } = context;
  // The front door already answers these; this keeps `astro dev` and any other host honest too.
  if (!readPath(context.url.pathname).canonical)
    return apiError(404, 'not_found', 'Not found. Endpoints answer only at their exact address.');
  if (isPublicApi(context.url.pathname)) return publicApi(context.url, request, next);
  const outside = bearerOutsidePublicApi(context.url.pathname, request.headers);
  if (outside) return apiError(400, 'token_not_accepted', outside);
  const verdict = checkOrigin(request.method, request.headers, serverConfig());
  const cors = verdict.kind === 'allowed-cross-origin' ? corsHeaders(verdict.origin) : {};

  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (verdict.kind === 'refused')
    return apiError(403, 'forbidden_origin', 'Requests from this website are not allowed.');
  // Before any route: a NUL reaching a handler's SQL was a 500, and each endpoint answered
  // other controls its own way (issue 46). Sent with CORS, so a listed origin can read why.
  const problem = queryProblem(context.url);
  const response = problem
    ? apiError(400, 'invalid_request', problem.message, { fields: problem.fields })
    : await compressJson(request, await next());
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return response;
});

/**
 * /api/v1 (issue 50): a bearer token, never a cookie, so no same-origin rule; CORS for any
 * origin without credentials, preflights answered here.
 */
async function publicApi(url: URL, request: Request, next: () => Promise<Response>) {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: publicCorsHeaders });
  const problem = queryProblem(url);
  const response = problem
    ? apiError(400, 'invalid_request', problem.message, { fields: problem.fields })
    : await compressJson(request, await next());
  for (const [name, value] of Object.entries(publicCorsHeaders)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
