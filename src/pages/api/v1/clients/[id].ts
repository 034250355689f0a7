import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicClient } from '../../../../server/api/public-record-handlers';

export const prerender = false;

// GET one of the clients the token's person may see, with its ETag.
const routes = endpoint('GET', handlePublicClient);
export const GET = routes.handle;
export const ALL = routes.others;
