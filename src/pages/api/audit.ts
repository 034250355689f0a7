import { endpoint } from '../../server/api/endpoint';
import { handleAuditLog } from '../../server/api/workspace-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET reads changes to locked, approved and invoiced logs (Admins).
export const GET = endpoint('GET', handleAuditLog).handle;
export const ALL = () => methodNotAllowed('GET');
