export const prerender = false;

// The address before issue 26 split the API from sync: the endpoint is /api/invoices/apply-credit (docs/api.md),
// and this stays for bundles, tabs and saved links from before.
export * from '../../api/invoices/apply-credit';
