import { endpoint } from '../../../server/api/endpoint';
import { handleVoidInvoice } from '../../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST voids an issued invoice or deletes a draft; its logs are free again (Admins).
export const POST = endpoint('POST', handleVoidInvoice).handle;
export const ALL = () => methodNotAllowed('POST');
