import { endpoint } from '../../server/api/endpoint';
import { handleUnsubscribe, handleUnsubscribePage } from '../../server/api/notice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// The page a mail's link opens (GET) and the one-click unsubscribe (POST, RFC 8058).
export const GET = endpoint('GET', handleUnsubscribePage).handle;
export const POST = endpoint('POST', handleUnsubscribe).handle;
export const ALL = () => methodNotAllowed('GET or POST');
