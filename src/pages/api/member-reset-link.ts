import { endpoint } from '../../server/api/endpoint';
import { handleMemberResetLink } from '../../server/api/member-reset-handler';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// POST makes a password-reset link for a team member (Admins; docs/security.md).
export const POST = endpoint('POST', handleMemberResetLink).handle;
export const ALL = () => methodNotAllowed('POST');
