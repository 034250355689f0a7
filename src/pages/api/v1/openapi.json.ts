import { endpoint } from '../../../server/api/endpoint';
import { handleOpenApiDocument } from '../../../server/api/public-record-handlers';

export const prerender = false;

// GET the OpenAPI 3.1 document of /api/v1, generated from the schemas the server uses. No token.
const routes = endpoint('GET', handleOpenApiDocument);
export const GET = routes.handle;
export const ALL = routes.others;
