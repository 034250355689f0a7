import { endpoint } from '../../../server/api/endpoint';
import {
  handlePublicClients,
  handlePublicCreateClient,
} from '../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// GET a page of the clients the token's person may see; POST makes one (those the policy lets).
export const GET = endpoint('GET', handlePublicClients).handle;
export const POST = endpoint('POST', handlePublicCreateClient).handle;
export const ALL = () => methodNotAllowed('GET, POST');
