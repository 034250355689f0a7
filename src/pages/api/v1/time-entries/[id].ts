import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicTimeEntry } from '../../../../server/api/public-api-handlers';

export const prerender = false;

// GET one time entry.
const routes = endpoint('GET', handlePublicTimeEntry);
export const GET = routes.handle;
export const ALL = routes.others;
