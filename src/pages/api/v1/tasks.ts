import { endpoint } from '../../../server/api/endpoint';
import {
  handlePublicTasks,
  handlePublicCreateTask,
} from '../../../server/api/public-record-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// GET a page of the tasks the token's person may see; POST makes one (those the policy lets).
export const GET = endpoint('GET', handlePublicTasks).handle;
export const POST = endpoint('POST', handlePublicCreateTask).handle;
export const ALL = () => methodNotAllowed('GET, POST');
