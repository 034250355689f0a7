import { endpoint } from '../../../server/api/endpoint';
import { handleRevokeInvitation } from '../../../server/api/invitation-handlers';

export const prerender = false;

const routes = endpoint('POST', handleRevokeInvitation);
export const POST = routes.handle;
export const ALL = routes.others;
