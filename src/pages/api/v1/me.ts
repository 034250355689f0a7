import { endpoint } from '../../../server/api/endpoint';
import { handlePublicMe } from '../../../server/api/public-api-handlers';

export const prerender = false;

// GET who a personal access token acts as: the person, their role, the workspace.
const routes = endpoint('GET', handlePublicMe);
export const GET = routes.handle;
export const ALL = routes.others;
