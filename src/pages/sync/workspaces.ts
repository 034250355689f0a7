import { endpoint } from '../../server/api/endpoint';
import { handleCreateWorkspace, handleWorkspaces } from '../../server/api/sync-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the person's workspaces; POST creates one.
export const GET = endpoint('GET', handleWorkspaces).handle;
export const POST = endpoint('POST', handleCreateWorkspace).handle;
export const ALL = () => methodNotAllowed('GET, POST');
