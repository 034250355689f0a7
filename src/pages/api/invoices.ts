import { endpoint } from '../../server/api/endpoint';
import { handleDraftInvoice, handleInvoices } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the workspace's invoices; POST makes a draft (Admins).
export const GET = endpoint('GET', handleInvoices).handle;
export const POST = endpoint('POST', handleDraftInvoice).handle;
export const ALL = () => methodNotAllowed('GET, POST');
