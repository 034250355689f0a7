import { endpoint } from '../../server/api/endpoint';
import { handleConfirmEmail } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleConfirmEmail);
export const POST = routes.handle;
export const ALL = routes.others;
