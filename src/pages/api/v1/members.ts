import { endpoint } from '../../../server/api/endpoint';
import { handlePublicMembers } from '../../../server/api/public-record-handlers';

export const prerender = false;

// GET a page of the members the token's person may see (cursor, limit).
const routes = endpoint('GET', handlePublicMembers);
export const GET = routes.handle;
export const ALL = routes.others;
