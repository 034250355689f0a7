import { endpoint } from '../../server/api/endpoint';
import {
  handleInvoiceSettings,
  handleSaveInvoiceSettings,
} from '../../server/api/invoice-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers the workspace's invoicing details; POST changes them (Admins).
export const GET = endpoint('GET', handleInvoiceSettings).handle;
export const POST = endpoint('POST', handleSaveInvoiceSettings).handle;
export const ALL = () => methodNotAllowed('GET, POST');
