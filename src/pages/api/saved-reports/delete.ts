import { endpoint } from '../../../server/api/endpoint';
import { handleDeleteSavedReport } from '../../../server/api/saved-report-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST deletes one of the caller's saved reports with its share links.
export const POST = endpoint('POST', handleDeleteSavedReport).handle;
export const ALL = () => methodNotAllowed('POST');
