import { endpoint } from '../../server/api/endpoint';
import { handleDeleteCheck } from '../../server/api/handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET says what deleting the account would do to each of its workspaces.
export const GET = endpoint('GET', handleDeleteCheck).handle;
export const ALL = () => methodNotAllowed('GET');
