import { endpoint } from '../../../server/api/endpoint';
import {
  handlePublicCreateEntry,
  handlePublicTimeEntries,
} from '../../../server/api/public-api-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// GET a page of time entries (from, to, projectId, memberId, cursor, limit); POST adds one.
export const GET = endpoint('GET', handlePublicTimeEntries).handle;
export const POST = endpoint('POST', handlePublicCreateEntry).handle;
export const ALL = () => methodNotAllowed('GET, POST');
