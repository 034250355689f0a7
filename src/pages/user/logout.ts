import { endpoint } from '../../server/api/endpoint';
import { handleLogout } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleLogout);
export const POST = routes.handle;
export const ALL = routes.others;
