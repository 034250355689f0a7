import { endpoint } from '../../../../server/api/endpoint';
import {
  handlePublicClient,
  handlePublicUpdateClient,
} from '../../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// GET one of the clients the token's person may see, with its ETag; PATCH changes it with If-Match.
export const GET = endpoint('GET', handlePublicClient).handle;
export const PATCH = endpoint('PATCH', handlePublicUpdateClient).handle;
export const ALL = () => methodNotAllowed('GET, PATCH');
