import { endpoint } from '../../server/api/endpoint';
import { handlePush } from '../../server/api/sync-handlers';

export const prerender = false;

const routes = endpoint('POST', handlePush);
export const POST = routes.handle;
export const ALL = routes.others;
