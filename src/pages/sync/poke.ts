import { endpoint } from '../../server/api/endpoint';
import { handlePoke } from '../../server/api/sync-handlers';

export const prerender = false;

const routes = endpoint('GET', handlePoke);
export const GET = routes.handle;
export const ALL = routes.others;
