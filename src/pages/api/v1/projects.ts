import { endpoint } from '../../../server/api/endpoint';
import {
  handlePublicProjects,
  handlePublicCreateProject,
} from '../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// GET a page of the projects the token's person may see; POST makes one (those the policy lets).
export const GET = endpoint('GET', handlePublicProjects).handle;
export const POST = endpoint('POST', handlePublicCreateProject).handle;
export const ALL = () => methodNotAllowed('GET, POST');
