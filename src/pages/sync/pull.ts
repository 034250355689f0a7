import { endpoint } from '../../server/api/endpoint';
import { handlePull } from '../../server/api/sync-handlers';

export const prerender = false;

const routes = endpoint('GET', handlePull);
export const GET = routes.handle;
export const ALL = routes.others;
