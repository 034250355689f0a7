import { endpoint } from '../../server/api/endpoint';
import { handleInvitations, handleInvite } from '../../server/api/invitation-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists pending invitations (Admins); POST invites a team member.
export const GET = endpoint('GET', handleInvitations).handle;
export const POST = endpoint('POST', handleInvite).handle;
export const ALL = () => methodNotAllowed('GET, POST');
