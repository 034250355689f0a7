import { endpoint } from '../../../../server/api/endpoint';
import {
  handlePublicProject,
  handlePublicUpdateProject,
} from '../../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// GET one of the projects the token's person may see, with its ETag; PATCH changes it with If-Match.
export const GET = endpoint('GET', handlePublicProject).handle;
export const PATCH = endpoint('PATCH', handlePublicUpdateProject).handle;
export const ALL = () => methodNotAllowed('GET, PATCH');
