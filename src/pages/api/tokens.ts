import { endpoint } from '../../server/api/endpoint';
import { handleCreateToken, handleTokens } from '../../server/api/token-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the caller's API tokens (no secrets); POST makes one and shows its secret once.
export const GET = endpoint('GET', handleTokens).handle;
export const POST = endpoint('POST', handleCreateToken).handle;
export const ALL = () => methodNotAllowed('GET, POST');
