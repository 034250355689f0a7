import { endpoint } from '../../server/api/endpoint';
import { handleImports, handleStartImport } from '../../server/api/import-run-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the workspace's imports; POST starts one from a file and the person's choices (Admins).
export const GET = endpoint('GET', handleImports).handle;
export const POST = endpoint('POST', handleStartImport).handle;
export const ALL = () => methodNotAllowed('GET, POST');
