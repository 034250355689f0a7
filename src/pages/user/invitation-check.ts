import { endpoint } from '../../server/api/endpoint';
import { handleInvitationCheck } from '../../server/api/invitation-handlers';

export const prerender = false;

const routes = endpoint('POST', handleInvitationCheck);
export const POST = routes.handle;
export const ALL = routes.others;
