import { endpoint } from '../../../server/api/endpoint';
import {
  handlePublicCreateMember,
  handlePublicMembers,
} from '../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// GET a page of the team members the token's person may see; POST adds one (Admins).
export const GET = endpoint('GET', handlePublicMembers).handle;
export const POST = endpoint('POST', handlePublicCreateMember).handle;
export const ALL = () => methodNotAllowed('GET, POST');
