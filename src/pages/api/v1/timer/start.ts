import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicStartTimer } from '../../../../server/api/public-timer-handlers';

export const prerender = false;

// POST starts the stopwatch now (startTimer), saving a run already going first.
const routes = endpoint('POST', handlePublicStartTimer);
export const POST = routes.handle;
export const ALL = routes.others;
