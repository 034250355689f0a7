import { endpoint } from '../../server/api/endpoint';
import { handleExport } from '../../server/api/read-handlers';

export const prerender = false;

const routes = endpoint('GET', handleExport);
export const GET = routes.handle;
export const ALL = routes.others;
