import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicMember } from '../../../../server/api/public-record-handlers';

export const prerender = false;

// GET one of the members the token's person may see, with its ETag.
const routes = endpoint('GET', handlePublicMember);
export const GET = routes.handle;
export const ALL = routes.others;
