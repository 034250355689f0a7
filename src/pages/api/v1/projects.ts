import { endpoint } from '../../../server/api/endpoint';
import { handlePublicProjects } from '../../../server/api/public-record-handlers';

export const prerender = false;

// GET a page of the projects the token's person may see (cursor, limit).
const routes = endpoint('GET', handlePublicProjects);
export const GET = routes.handle;
export const ALL = routes.others;
