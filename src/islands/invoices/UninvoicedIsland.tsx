import { AppShell } from '../../ui/shell/AppShell';
import { UninvoicedScreen } from './UninvoicedScreen';

/** /uninvoiced */
export default function UninvoicedIsland() {
  return (
    <AppShell path="/uninvoiced" label="Uninvoiced">
      <UninvoicedScreen />
    </AppShell>
  );
}
