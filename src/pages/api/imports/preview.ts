import { endpoint } from '../../../server/api/endpoint';
import { handleImportPreview } from '../../../server/api/import-handlers';

export const prerender = false;

// POST the file to import as the body (Admins): what importing it would do, writing nothing.
const routes = endpoint('POST', handleImportPreview);
export const POST = routes.handle;
export const ALL = routes.others;
