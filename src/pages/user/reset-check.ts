import { endpoint } from '../../server/api/endpoint';
import { handleResetCheck } from '../../server/api/password-reset-handlers';

export const prerender = false;

const routes = endpoint('POST', handleResetCheck);
export const POST = routes.handle;
export const ALL = routes.others;
