import { endpoint } from '../../../server/api/endpoint';
import { handlePublicClients } from '../../../server/api/public-record-handlers';

export const prerender = false;

// GET a page of the clients the token's person may see (cursor, limit).
const routes = endpoint('GET', handlePublicClients);
export const GET = routes.handle;
export const ALL = routes.others;
