import { endpoint } from '../../server/api/endpoint';
import { handleInvoice } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers one invoice with its lines and totals (Admins).
export const GET = endpoint('GET', handleInvoice).handle;
export const ALL = () => methodNotAllowed('GET');
