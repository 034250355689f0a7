import { useId, useState } from 'react';
import { useDuration } from '../../ui/time/use-duration';
import { formatMoney } from '../../lib/money';
import type { UninvoicedProject } from '../../lib/invoice-status';

/**
 * /uninvoiced: projects without a client (issue 29) that have approved time or expenses to bill.
 * They are under no client, because an invoice is made out to one; each can be billed by
 * choosing the client its draft is for.
 */
export function UninvoicedWithoutClient({
  projects,
  clients,
  currency,
  busy,
  onCreate,
}: {
  projects: readonly UninvoicedProject[];
  /** The active clients a draft may be made out to. */
  clients: readonly { id: string; name: string }[];
  currency: string;
  busy: boolean;
  onCreate: (clientId: string, projectId: string) => void;
}) {
  const headingId = useId();
  if (projects.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <h2 id={headingId} className="mb-1 text-xl font-bold">
        Projects without a client
      </h2>
      <p className="mb-3 text-slate-800">
        These projects have time to bill but no client, so they are not listed under one: an invoice
        is made out to a client. Choose the client to bill for a project here, or give the project a
        client on the Projects screen.
      </p>
      <ul className="space-y-3">
        {projects.map((project) => (
          <ProjectRow
            key={project.projectId}
            project={project}
            clients={clients}
            currency={currency}
            busy={busy}
            onCreate={(clientId) => onCreate(clientId, project.projectId)}
          />
        ))}
      </ul>
    </section>
  );
}

function ProjectRow({
  project,
  clients,
  currency,
  busy,
  onCreate,
}: {
  project: UninvoicedProject;
  clients: readonly { id: string; name: string }[];
  currency: string;
  busy: boolean;
  onCreate: (clientId: string) => void;
}) {
  const duration = useDuration();
  const [clientId, setClientId] = useState('');
  const selectId = useId();
  return (
    <li className="flex flex-wrap items-end gap-3">
      <div className="min-w-[12rem] flex-1">
        <p className="font-semibold">{project.projectName}</p>
        <p className="text-sm text-slate-700">
          {duration(project.billableSeconds)} billed hours,{' '}
          {formatMoney(project.billableMinor, currency)}, expenses{' '}
          {formatMoney(project.expensesMinor, currency)}
        </p>
      </div>
      <div>
        <label htmlFor={selectId} className="block text-sm font-semibold">
          Bill {project.projectName} to
        </label>
        <select
          id={selectId}
          className="field-input"
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
        >
          <option value="">Choose a client</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn-primary"
        disabled={busy || clientId === ''}
        onClick={() => onCreate(clientId)}
      >
        Create invoice for {project.projectName}
      </button>
    </li>
  );
}
