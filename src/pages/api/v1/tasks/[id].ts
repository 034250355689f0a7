import { endpoint } from '../../../../server/api/endpoint';
import {
  handlePublicTask,
  handlePublicUpdateTask,
} from '../../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// GET one of the tasks the token's person may see, with its ETag; PATCH changes it with If-Match.
export const GET = endpoint('GET', handlePublicTask).handle;
export const PATCH = endpoint('PATCH', handlePublicUpdateTask).handle;
export const ALL = () => methodNotAllowed('GET, PATCH');
