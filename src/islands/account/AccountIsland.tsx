import { AppShell } from '../../ui/shell/AppShell';
import { AccountScreen } from './AccountScreen';

/** /accountSetting */
export default function AccountIsland() {
  return (
    <AppShell path="/accountSetting" label="Account setting">
      <AccountScreen />
    </AppShell>
  );
}
