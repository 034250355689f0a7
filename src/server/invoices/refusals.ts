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

/** The answer for a workspace deleted while one of its invoices was being written. */
export const NO_WORKSPACE = refuse(404, 'There is no such workspace.');
