import { AppShell } from '../../ui/shell/AppShell';
import { PivotScreen } from './PivotScreen';

/** /reports/pivot */
export default function PivotIsland() {
  return (
    <AppShell path="/reports/pivot" label="Team pivot">
      <PivotScreen />
    </AppShell>
  );
}
