import { endpoint } from '../../server/api/endpoint';
import { handleRegister } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleRegister);
export const POST = routes.handle;
export const ALL = routes.others;
