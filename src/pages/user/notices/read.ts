import { endpoint } from '../../../server/api/endpoint';
import { handleMarkNoticesRead } from '../../../server/api/notice-handlers';

export const prerender = false;

const routes = endpoint('POST', handleMarkNoticesRead);
export const POST = routes.handle;
export const ALL = routes.others;
