import { AppShell } from '../../ui/shell/AppShell';
import { DetailedReportScreen } from './DetailedReportScreen';

/** /reports/detailed */
export default function DetailedReportIsland() {
  return (
    <AppShell path="/reports/detailed" label="Detailed report">
      <DetailedReportScreen />
    </AppShell>
  );
}
