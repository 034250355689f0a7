import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicTask } from '../../../../server/api/public-record-handlers';

export const prerender = false;

// GET one of the tasks the token's person may see, with its ETag.
const routes = endpoint('GET', handlePublicTask);
export const GET = routes.handle;
export const ALL = routes.others;
