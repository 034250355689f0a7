import { endpoint } from '../../../server/api/endpoint';
import { handleSaveNoticePreference } from '../../../server/api/notice-handlers';

export const prerender = false;

const routes = endpoint('POST', handleSaveNoticePreference);
export const POST = routes.handle;
export const ALL = routes.others;
