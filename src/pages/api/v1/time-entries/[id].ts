import { endpoint } from '../../../../server/api/endpoint';
import {
  handlePublicDeleteEntry,
  handlePublicTimeEntry,
  handlePublicUpdateEntry,
} from '../../../../server/api/public-api-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// GET one time entry (with its ETag); PATCH changes it and DELETE deletes it, with If-Match.
export const GET = endpoint('GET', handlePublicTimeEntry).handle;
export const PATCH = endpoint('PATCH', handlePublicUpdateEntry).handle;
export const DELETE = endpoint('DELETE', handlePublicDeleteEntry).handle;
export const ALL = () => methodNotAllowed('GET, PATCH, DELETE');
