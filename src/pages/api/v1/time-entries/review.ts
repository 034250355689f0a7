import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicReviewEntries } from '../../../../server/api/public-api-handlers';

export const prerender = false;

// POST { logIds, decision, note? }: approves submitted entries or rejects them (reviewLogs).
const routes = endpoint('POST', handlePublicReviewEntries);
export const POST = routes.handle;
export const ALL = routes.others;
