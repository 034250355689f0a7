import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicSubmitEntries } from '../../../../server/api/public-api-handlers';

export const prerender = false;

// POST { logIds }: sends the entries for approval, as Submit week does (submitWeek).
const routes = endpoint('POST', handlePublicSubmitEntries);
export const POST = routes.handle;
export const ALL = routes.others;
