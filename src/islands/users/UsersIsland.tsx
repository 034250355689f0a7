import { AppShell } from '../../ui/shell/AppShell';
import { UsersScreen } from './UsersScreen';

/** /users */
export default function UsersIsland() {
  return (
    <AppShell path="/users" label="Team Members">
      <UsersScreen />
    </AppShell>
  );
}
