import { endpoint } from '../../server/api/endpoint';
import { handleTags } from '../../server/api/read-handlers';

export const prerender = false;

const routes = endpoint('GET', handleTags);
export const GET = routes.handle;
export const ALL = routes.others;
