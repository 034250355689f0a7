import { endpoint } from '../../server/api/endpoint';
import { handleResetPassword } from '../../server/api/password-reset-handlers';

export const prerender = false;

const routes = endpoint('POST', handleResetPassword);
export const POST = routes.handle;
export const ALL = routes.others;
