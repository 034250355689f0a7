import { AppShell } from '../../ui/shell/AppShell';
import { DashboardScreen } from './DashboardScreen';

/** /reports/dashboard */
export default function DashboardIsland() {
  return (
    <AppShell path="/reports/dashboard" label="Dashboard">
      <DashboardScreen />
    </AppShell>
  );
}
