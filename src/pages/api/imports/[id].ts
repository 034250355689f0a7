import { endpoint } from '../../../server/api/endpoint';
import { handleImport } from '../../../server/api/import-run-handlers';

export const prerender = false;

// GET an import's status, progress and result (Admins).
const routes = endpoint('GET', handleImport);
export const GET = routes.handle;
export const ALL = routes.others;
