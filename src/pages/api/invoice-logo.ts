import { endpoint } from '../../server/api/endpoint';
import { handleLogo, handleUploadLogo } from '../../server/api/invoice-logo-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET a logo the workspace uploaded; POST a new one as the body (Admins).
export const GET = endpoint('GET', handleLogo).handle;
export const POST = endpoint('POST', handleUploadLogo).handle;
export const ALL = () => methodNotAllowed('GET, POST');
