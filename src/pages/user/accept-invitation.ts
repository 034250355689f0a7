import { endpoint } from '../../server/api/endpoint';
import { handleAcceptInvitation } from '../../server/api/invitation-handlers';

export const prerender = false;

const routes = endpoint('POST', handleAcceptInvitation);
export const POST = routes.handle;
export const ALL = routes.others;
