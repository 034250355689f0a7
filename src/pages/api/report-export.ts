import { endpoint } from '../../server/api/endpoint';
import { handleReportExport } from '../../server/api/report-handlers';
import { methodNotAllowed } from '../../server/http/responses';

export const prerender = false;

// GET answers the detailed report as a CSV, XLSX or PDF file.
export const GET = endpoint('GET', handleReportExport).handle;
export const ALL = () => methodNotAllowed('GET');
