import { endpoint } from '../../server/api/endpoint';
import { handleForgotPassword } from '../../server/api/password-reset-handlers';

export const prerender = false;

const routes = endpoint('POST', handleForgotPassword);
export const POST = routes.handle;
export const ALL = routes.others;
