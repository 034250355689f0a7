import { endpoint } from '../../server/api/endpoint';
import { handleCreateShare } from '../../server/api/saved-report-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// POST makes a public, expiring link to one of the caller's saved reports.
export const POST = endpoint('POST', handleCreateShare).handle;
export const ALL = () => methodNotAllowed('POST');
