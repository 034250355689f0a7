import { endpoint } from '../../../server/api/endpoint';
import { handlePublicTimeEntries } from '../../../server/api/public-api-handlers';

export const prerender = false;

// GET a page of time entries (from, to, projectId, memberId, cursor, limit).
const routes = endpoint('GET', handlePublicTimeEntries);
export const GET = routes.handle;
export const ALL = routes.others;
