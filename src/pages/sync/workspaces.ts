import { endpoint } from '../../server/api/endpoint';
import { handleWorkspaces } from '../../server/api/sync-handlers';

export const prerender = false;

const routes = endpoint('GET', handleWorkspaces);
export const GET = routes.handle;
export const ALL = routes.others;
