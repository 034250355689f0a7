import { endpoint } from '../../../../server/api/endpoint';
import { handleDeletePayment } from '../../../../server/api/payment-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// POST deletes a payment entered by mistake, with a reason (Admins).
export const POST = endpoint('POST', handleDeletePayment).handle;
export const ALL = () => methodNotAllowed('POST');
