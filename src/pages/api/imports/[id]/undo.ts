import { endpoint } from '../../../../server/api/endpoint';
import { handleUndoImport } from '../../../../server/api/import-run-handlers';

export const prerender = false;

// POST removes what an import created, as far as nothing uses it since (Admins).
const routes = endpoint('POST', handleUndoImport);
export const POST = routes.handle;
export const ALL = routes.others;
