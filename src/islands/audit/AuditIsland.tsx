import { AppShell } from '../../ui/shell/AppShell';
import { AuditScreen } from './AuditScreen';

/** /audit */
export default function AuditIsland() {
  return (
    <AppShell path="/audit" label="Audit log">
      <AuditScreen />
    </AppShell>
  );
}
