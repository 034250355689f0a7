import { endpoint } from '../../server/api/endpoint';
import { handleSaveTeam, handleTeams } from '../../server/api/team-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET lists the workspace's teams; POST creates or saves one (Admins).
export const GET = endpoint('GET', handleTeams).handle;
export const POST = endpoint('POST', handleSaveTeam).handle;
export const ALL = () => methodNotAllowed('GET, POST');
