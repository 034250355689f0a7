import { AppShell } from '../../ui/shell/AppShell';
import { InvoiceScreen } from './InvoiceScreen';

/** /invoices/view */
export default function InvoiceIsland() {
  return (
    <AppShell path="/invoices" label="Invoice">
      <InvoiceScreen />
    </AppShell>
  );
}
