import { AppShell } from '../../ui/shell/AppShell';
import { ActivityScreen } from './ActivityScreen';

/** /reports/activity */
export default function ActivityIsland() {
  return (
    <AppShell path="/reports/activity" label="Activity">
      <ActivityScreen />
    </AppShell>
  );
}
