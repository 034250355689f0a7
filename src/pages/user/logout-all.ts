import { endpoint } from '../../server/api/endpoint';
import { handleLogoutAll } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleLogoutAll);
export const POST = routes.handle;
export const ALL = routes.others;
