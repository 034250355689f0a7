import { AppShell } from '../../ui/shell/AppShell';
import { ClientsScreen } from './ClientsScreen';

/** /clients */
export default function ClientsIsland() {
  return (
    <AppShell path="/clients" label="Clients">
      <ClientsScreen />
    </AppShell>
  );
}
