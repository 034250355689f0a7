import { AppShell } from '../../ui/shell/AppShell';
import { TeamsScreen } from './TeamsScreen';

/** /teams */
export default function TeamsIsland() {
  return (
    <AppShell path="/teams" label="Teams">
      <TeamsScreen />
    </AppShell>
  );
}
