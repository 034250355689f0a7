import { endpoint } from '../../../../server/api/endpoint';
import {
  handlePublicMember,
  handlePublicUpdateMember,
} from '../../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// GET one of the team members the token's person may see, with its ETag; PATCH changes it
// (Admins) with If-Match.
export const GET = endpoint('GET', handlePublicMember).handle;
export const PATCH = endpoint('PATCH', handlePublicUpdateMember).handle;
export const ALL = () => methodNotAllowed('GET, PATCH');
