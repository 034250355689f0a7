import { endpoint } from '../../server/api/endpoint';
import { handleClientCredits } from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET the credits voided invoices left the clients, and what is left of each (Admins).
export const GET = endpoint('GET', handleClientCredits).handle;
export const ALL = () => methodNotAllowed('GET');
