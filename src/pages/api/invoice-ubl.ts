import { endpoint } from '../../server/api/endpoint';
import { handleInvoiceUbl } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET an issued invoice as an EN 16931 e-invoice (UBL 2.1) for accounting software (Admins).
export const GET = endpoint('GET', handleInvoiceUbl).handle;
export const ALL = () => methodNotAllowed('GET');
