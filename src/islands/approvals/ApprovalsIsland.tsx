import { AppShell } from '../../ui/shell/AppShell';
import { ApprovalsScreen } from './ApprovalsScreen';

/** /approvals */
export default function ApprovalsIsland() {
  return (
    <AppShell path="/approvals" label="Approvals">
      <ApprovalsScreen />
    </AppShell>
  );
}
