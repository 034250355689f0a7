import { endpoint } from '../../../server/api/endpoint';
import { handleRevokeShare } from '../../../server/api/saved-report-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST withdraws one of the caller's report links.
export const POST = endpoint('POST', handleRevokeShare).handle;
export const ALL = () => methodNotAllowed('POST');
