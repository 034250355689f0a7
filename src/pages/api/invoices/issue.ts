import { endpoint } from '../../../server/api/endpoint';
import { handleIssueInvoice } from '../../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST issues a draft: the next number, frozen details (Admins).
export const POST = endpoint('POST', handleIssueInvoice).handle;
export const ALL = () => methodNotAllowed('POST');
