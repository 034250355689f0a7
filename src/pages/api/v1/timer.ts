import { endpoint } from '../../../server/api/endpoint';
import { handlePublicTimer } from '../../../server/api/public-timer-handlers';

export const prerender = false;

// GET the token's person's stopwatch: whether it runs, since when, and what for.
const routes = endpoint('GET', handlePublicTimer);
export const GET = routes.handle;
export const ALL = routes.others;
