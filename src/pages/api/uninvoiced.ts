import { endpoint } from '../../server/api/endpoint';
import { handleUninvoiced } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers what is left to bill, per client and project (Admins).
export const GET = endpoint('GET', handleUninvoiced).handle;
export const ALL = () => methodNotAllowed('GET');
