import { endpoint } from '../../server/api/endpoint';
import { handleNotices } from '../../server/api/notice-handlers';

export const prerender = false;

const routes = endpoint('GET', handleNotices);
export const GET = routes.handle;
export const ALL = routes.others;
