import { endpoint } from '../server/api/endpoint';
import { handleSharedReport } from '../server/api/shared-report-handler';
import { methodNotAllowed } from '../server/http/responses';

export const prerender = false;

// GET answers a shared report, public and read-only, as JSON or a file.
export const GET = endpoint('GET', handleSharedReport).handle;
export const ALL = () => methodNotAllowed('GET');
