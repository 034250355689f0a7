import type { APIRoute } from 'astro';
import { getDatabase, isDatabaseReady } from '../server/db';
import { apiError, json, methodNotAllowed } from '../server/http/responses';

export const prerender = false;

// The server asks this once at startup (scripts/serve.mjs), which opens the database then
// rather than on someone's first request; load balancers ask it to know when to send traffic.
const WAIT_MS = 2000;

/** GET /health: 200 once the database is open and migrated, 503 while it is still opening. */
export const GET: APIRoute = async () => {
  const opened = getDatabase().then(
    () => true,
    (error: unknown) => {
      console.error('The database could not be opened', error);
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), WAIT_MS);
  });
  const answered = await Promise.race([opened, timeout]);
  clearTimeout(timer);
  if (answered && isDatabaseReady()) return json(200, { status: 'ready' });
  return apiError(503, 'not_ready', 'Hourmark is starting. Try again in a moment.', {
    headers: { 'Retry-After': '1' },
  });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
