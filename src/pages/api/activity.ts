import { endpoint } from '../../server/api/endpoint';
import { handleActivity } from '../../server/api/activity-handler';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers a page of Activity from the change history.
export const GET = endpoint('GET', handleActivity).handle;
export const ALL = () => methodNotAllowed('GET');
