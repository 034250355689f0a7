import { endpoint } from '../../server/api/endpoint';
import { handleReportEntries } from '../../server/api/report-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers one page of the detailed report's entries.
export const GET = endpoint('GET', handleReportEntries).handle;
export const ALL = () => methodNotAllowed('GET');
