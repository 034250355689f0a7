import { endpoint } from '../../server/api/endpoint';
import { handleDelete } from '../../server/api/handlers';

export const prerender = false;

const routes = endpoint('POST', handleDelete);
export const POST = routes.handle;
export const ALL = routes.others;
