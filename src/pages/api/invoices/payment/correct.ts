import { endpoint } from '../../../../server/api/endpoint';
import { handleCorrectPayment } from '../../../../server/api/payment-handlers';
import { methodNotAllowed } from '../../../../server/http/responses';

export const prerender = false;

// POST corrects a payment entered wrongly, with a reason (Admins).
export const POST = endpoint('POST', handleCorrectPayment).handle;
export const ALL = () => methodNotAllowed('POST');
