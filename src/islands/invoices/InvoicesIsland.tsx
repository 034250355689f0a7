import { AppShell } from '../../ui/shell/AppShell';
import { InvoicesScreen } from './InvoicesScreen';

/** /invoices */
export default function InvoicesIsland() {
  return (
    <AppShell path="/invoices" label="Invoices">
      <InvoicesScreen />
    </AppShell>
  );
}
