import { endpoint } from '../../../server/api/endpoint';
import { handleDeleteTeam } from '../../../server/api/team-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST deletes a team (Admins); its members stay in the workspace.
export const POST = endpoint('POST', handleDeleteTeam).handle;
export const ALL = () => methodNotAllowed('POST');
