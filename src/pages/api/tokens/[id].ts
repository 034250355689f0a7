import { endpoint } from '../../../server/api/endpoint';
import { handleRevokeToken } from '../../../server/api/token-handlers';

export const prerender = false;

// DELETE revokes one of the caller's API tokens.
const routes = endpoint('DELETE', handleRevokeToken);
export const DELETE = routes.handle;
export const ALL = routes.others;
