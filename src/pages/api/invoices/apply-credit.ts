import { endpoint } from '../../../server/api/endpoint';
import { handleApplyCredit } from '../../../server/api/payment-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST pays an issued invoice from its client's credit left by a voided invoice (Admins).
export const POST = endpoint('POST', handleApplyCredit).handle;
export const ALL = () => methodNotAllowed('POST');
