import { endpoint } from '../../server/api/endpoint';
import { handleLogs } from '../../server/api/read-handlers';

export const prerender = false;

const routes = endpoint('GET', handleLogs);
export const GET = routes.handle;
export const ALL = routes.others;
