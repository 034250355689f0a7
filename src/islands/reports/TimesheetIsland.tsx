import { AppShell } from '../../ui/shell/AppShell';
import { TimesheetScreen } from './TimesheetScreen';

/** /reports/timesheet */
export default function TimesheetIsland() {
  return (
    <AppShell path="/reports/timesheet" label="Timesheet">
      <TimesheetScreen />
    </AppShell>
  );
}
