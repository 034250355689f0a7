import { endpoint } from '../../server/api/endpoint';
import { handleSaveReport, handleSavedReports } from '../../server/api/saved-report-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the caller's saved reports; POST creates or changes one.
export const GET = endpoint('GET', handleSavedReports).handle;
export const POST = endpoint('POST', handleSaveReport).handle;
export const ALL = () => methodNotAllowed('GET, POST');
