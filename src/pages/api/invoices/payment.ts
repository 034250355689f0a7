import { endpoint } from '../../../server/api/endpoint';
import { handleInvoicePayment } from '../../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST records money received for an issued invoice (Admins).
export const POST = endpoint('POST', handleInvoicePayment).handle;
export const ALL = () => methodNotAllowed('POST');
