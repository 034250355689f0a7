import { endpoint } from '../../server/api/endpoint';
import { handleMe } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('GET', handleMe);
export const GET = routes.handle;
export const ALL = routes.others;
