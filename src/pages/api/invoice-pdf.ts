import { endpoint } from '../../server/api/endpoint';
import { handleInvoicePdf } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers an invoice as a PDF file (Admins).
export const GET = endpoint('GET', handleInvoicePdf).handle;
export const ALL = () => methodNotAllowed('GET');
