import { endpoint } from '../../../../server/api/endpoint';
import { handlePublicStopTimer } from '../../../../server/api/public-timer-handlers';

export const prerender = false;

// POST stops the stopwatch now (stopTimer) and saves its run as entries.
const routes = endpoint('POST', handlePublicStopTimer);
export const POST = routes.handle;
export const ALL = routes.others;
