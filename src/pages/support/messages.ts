import { endpoint } from '../../server/api/endpoint';
import { handleSupportMessage } from '../../server/api/support-handler';

export const prerender = false;

const routes = endpoint('POST', handleSupportMessage);
export const POST = routes.handle;
export const ALL = routes.others;
