import { endpoint } from '../../server/api/endpoint';
import {
  handleSaveWorkspaceSettings,
  handleWorkspaceSettings,
} from '../../server/api/workspace-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET reads the workspace's name and rules (any member); POST saves them (Admins).
export const GET = endpoint('GET', handleWorkspaceSettings).handle;
export const POST = endpoint('POST', handleSaveWorkspaceSettings).handle;
export const ALL = () => methodNotAllowed('GET, POST');
