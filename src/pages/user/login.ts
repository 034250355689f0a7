import { endpoint } from '../../server/api/endpoint';
import { handleLogin } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleLogin);
export const POST = routes.handle;
export const ALL = routes.others;
