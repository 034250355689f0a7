import { endpoint } from '../../../server/api/endpoint';
import { handleUpdateDraft } from '../../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../../server/http/responses';

export const prerender = false;

// POST saves a draft's lines, discount, taxes, terms and note (Admins).
export const POST = endpoint('POST', handleUpdateDraft).handle;
export const ALL = () => methodNotAllowed('POST');
