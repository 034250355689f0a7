import { AppShell } from '../../ui/shell/AppShell';
import { AllHoursScreen } from './AllHoursScreen';

/** /allHours */
export default function AllHoursIsland() {
  return (
    <AppShell path="/allHours" label="All hours">
      <AllHoursScreen />
    </AppShell>
  );
}
