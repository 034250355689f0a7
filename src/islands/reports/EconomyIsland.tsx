import { AppShell } from '../../ui/shell/AppShell';
import { EconomyScreen } from './EconomyScreen';

/** /reports/economy */
export default function EconomyIsland() {
  return (
    <AppShell path="/reports/economy" label="Economy">
      <EconomyScreen />
    </AppShell>
  );
}
