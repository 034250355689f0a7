import { endpoint } from '../../server/api/endpoint';
import { handleTotals } from '../../server/api/read-handlers';

export const prerender = false;

const routes = endpoint('GET', handleTotals);
export const GET = routes.handle;
export const ALL = routes.others;
