/** Why an invoice action was not done, with the HTTP status that says so. */
export type Refusal = {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
  /** A message per field that must change first, keyed by the field's name (issue 28). */
  fields?: Record<string, string>;
};

export const refuse = (status: Refusal['status'], message: string): Refusal => ({
  ok: false,
  status,
  message,
});

/** Invoices and their amounts are for Admins only (issue 14). */
export const ADMINS_ONLY = refuse(403, 'Only Admins can see and make invoices.');

/** The answer for a workspace deleted while one of its invoices was being written. */
export const NO_WORKSPACE = refuse(404, 'There is no such workspace.');
