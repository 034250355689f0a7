import { useStore } from '@nanostores/react';
import { $user } from '../../stores/auth';
import { logoutEverywhere } from '../../stores/account-settings';
import { ApiTokensSection } from './ApiTokensSection';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountForm } from './DeleteAccountForm';
import { ImportDataForm } from './ImportDataForm';
import { ImportFromToolSection } from './imports/ImportFromToolSection';
import { InvoiceSettingsForm } from './InvoiceSettingsForm';
import { NoticeSettingsForm } from './NoticeSettingsForm';
import { WorkspaceSettingsForm } from './WorkspaceSettingsForm';
import { useState } from 'react';
import { ExportDataButton } from '../../ui/feedback/ExportDataButton';
import { $abilities } from '../../stores/access';

/** Who is signed in, password change, sign out everywhere and account deletion. */
export function AccountScreen() {
  const user = useStore($user);
  const can = useStore($abilities);
  const [logoutError, setLogoutError] = useState('');
  return (
    <section aria-labelledby="account-heading" className="max-w-2xl p-4 desk:p-6">
      <h1 id="account-heading" className="mb-6 text-3xl font-bold">
        Account setting
      </h1>
      <dl className="mb-8 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <dt className="font-semibold">Name</dt>
        <dd className="break-words">{user?.name ?? '…'}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{user?.email ?? '…'}</dd>
      </dl>
      <WorkspaceSettingsForm />
      {can.isAdmin ? <InvoiceSettingsForm /> : null}
      <section
        aria-labelledby="data-heading"
        className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="data-heading" className="mb-2 text-xl font-bold">
          Your data
        </h2>
        <p className="mb-3">
          Clients, projects, tasks, team members and time logs are kept on the server and in this
          browser for working offline. Download them all as one JSON file, or add an export back.
        </p>
        <ExportDataButton />
        <ImportDataForm />
      </section>
      <section
        aria-labelledby="import-tool-heading"
        className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="import-tool-heading" className="mb-2 text-xl font-bold">
          Import from another tool
        </h2>
        <p>
          Bring your clients, projects, tasks, tags, team and time logs over from Toggl Track. See
          what a file holds before anything is imported; an import can be undone.
        </p>
        <ImportFromToolSection />
      </section>
      <ApiTokensSection />
      <NoticeSettingsForm />
      <ChangePasswordForm />
      <section
        aria-labelledby="devices-heading"
        className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="devices-heading" className="mb-2 text-xl font-bold">
          Devices
        </h2>
        <p className="mb-3">
          Signed in on a shared or lost computer? Sign out of every device, this one included.
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void logoutEverywhere().then((r) => setLogoutError(r.ok ? '' : r.message));
          }}
        >
          Sign out of all devices
        </button>
        {logoutError ? (
          <p role="alert" className="field-error">
            {logoutError}
          </p>
        ) : null}
      </section>
      <DeleteAccountForm />
    </section>
  );
}
