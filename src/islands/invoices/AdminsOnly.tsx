import { NotFound } from '../../ui/feedback/NotFound';

/** What the invoice screens show to anyone but an Admin. */
export function AdminsOnly() {
  return (
    <NotFound
      title="Only Admins see invoices"
      text="Invoices hold billable amounts, which your role does not include."
      backHref="/clients"
      backLabel="Back to Clients"
    />
  );
}
