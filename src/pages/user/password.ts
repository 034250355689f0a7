import { endpoint } from '../../server/api/endpoint';
import { handlePassword } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handlePassword);
export const POST = routes.handle;
export const ALL = routes.others;
