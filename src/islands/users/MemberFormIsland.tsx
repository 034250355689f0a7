import { AppShell } from '../../ui/shell/AppShell';
import { MemberFormScreen } from './MemberFormScreen';

/** /users/new (no id) and /users/{id}. */
export default function MemberFormIsland({ memberId }: { memberId?: string | undefined }) {
  return (
    <AppShell path="/users" label="Team member form">
      <MemberFormScreen memberId={memberId} />
    </AppShell>
  );
}
