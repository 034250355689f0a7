import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicProject } from '../../../../server/api/public-record-handlers';

export const prerender = false;

// GET one of the projects the token's person may see, with its ETag.
const routes = endpoint('GET', handlePublicProject);
export const GET = routes.handle;
export const ALL = routes.others;
