import { endpoint } from '../../../server/api/endpoint';
import { handlePublicTasks } from '../../../server/api/public-record-handlers';

export const prerender = false;

// GET a page of the tasks the token's person may see (cursor, limit).
const routes = endpoint('GET', handlePublicTasks);
export const GET = routes.handle;
export const ALL = routes.others;
