import { endpoint } from '../../../server/api/endpoint';
import { handleRemoveLogo } from '../../../server/api/invoice-logo-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST: invoices from now on carry no logo (Admins).
export const POST = endpoint('POST', handleRemoveLogo).handle;
export const ALL = () => methodNotAllowed('POST');
