import { endpoint } from '../../../server/api/endpoint';
import { handlePublicTags } from '../../../server/api/public-team-handlers';

export const prerender = false;

// GET a page of the tags on the entries the token's person may see.
const routes = endpoint('GET', handlePublicTags);
export const GET = routes.handle;
export const ALL = routes.others;
