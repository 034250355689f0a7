import { AppShell } from '../../ui/shell/AppShell';
import { ClientFormScreen } from './ClientFormScreen';

/** /clients/new (no id) and /clients/{id}. */
export default function ClientFormIsland({ clientId }: { clientId?: string | undefined }) {
  return (
    <AppShell path="/clients" label="Client form">
      <ClientFormScreen clientId={clientId} />
    </AppShell>
  );
}
