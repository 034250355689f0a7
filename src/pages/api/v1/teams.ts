import { endpoint } from '../../../server/api/endpoint';
import { handlePublicTeams } from '../../../server/api/public-team-handlers';

export const prerender = false;

// GET a page of the workspace's teams with their members and leads (those who may see teams).
const routes = endpoint('GET', handlePublicTeams);
export const GET = routes.handle;
export const ALL = routes.others;
