import { endpoint } from '../../server/api/endpoint';
import { handleReport } from '../../server/api/report-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers the detailed report for a filter and up to two groupings.
export const GET = endpoint('GET', handleReport).handle;
export const ALL = () => methodNotAllowed('GET');
