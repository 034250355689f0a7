import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicTeam } from '../../../../server/api/public-team-handlers';

export const prerender = false;

// GET one team with its members and leads (those who may see teams).
const routes = endpoint('GET', handlePublicTeam);
export const GET = routes.handle;
export const ALL = routes.others;
