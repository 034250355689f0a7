import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { matchesSearch, matchesStatus, oneOf, sortItems, statusFilters } from '../../lib/list-view';
import {
  $clients,
  archiveClient,
  deleteClient,
  restoreClient,
  type Client,
} from '../../stores/clients';
import { invoiceHoldRefusal } from '../../lib/policy/invoice-hold';
import { $projects } from '../../stores/projects';
import { $timeLogs } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { $abilities } from '../../stores/access';
import { RowMenu } from '../../ui/list/RowMenu';
import { SearchBox } from '../../ui/list/SearchBox';
import { ListTable } from '../../ui/list/ListTable';
import { SortHeader } from '../../ui/list/SortHeader';
import { StatusSelect } from '../../ui/list/StatusSelect';
import { useQueryState } from '../../ui/list/use-query-state';
import { useSearchShortcut } from '../../ui/list/use-search-shortcut';
import { useSortInUrl } from '../../ui/list/use-sort-in-url';
import { useShowMore } from '../../ui/list/use-show-more';
import { ShowMore } from '../../ui/list/ShowMore';

const sortKeys = ['name', 'contact', 'details', 'status'] as const;
type SortKey = (typeof sortKeys)[number];
const sortValue: Record<SortKey, (c: Client) => string> = {
  name: (c) => c.name,
  contact: (c) => c.contactPerson,
  details: (c) => c.email || c.phone,
  status: (c) => c.status,
};

/** /clients: search, status filter, sortable columns and the row actions. */
export function ClientsScreen() {
  const clients = useStore($clients);
  const projects = useStore($projects);
  const logs = useStore($timeLogs);
  // Only Admins change clients; everyone else reads the clients of their projects.
  const can = useStore($abilities);
  const [query, setQuery] = useQueryState<string>('q', '');
  const [status, setStatus] = useQueryState('status', 'Active', (raw) =>
    oneOf(statusFilters, raw, 'Active'),
  );
  const { sort, direction, sortOn } = useSortInUrl(sortKeys, 'name', 'asc');
  const [deleting, setDeleting] = useState<Client | null>(null);
  useSearchShortcut();

  const shown = useMemo(
    () =>
      sortItems(
        clients.filter((c) => matchesStatus(c.status, status) && matchesSearch(query, c.name)),
        sortValue[sort],
        direction,
      ),
    [clients, status, query, sort, direction],
  );
  const { visible, hidden, showMore } = useShowMore(
    shown,
    `${query}|${status}|${sort}|${direction}`,
  );
  const projectCount = (clientId: string) => projects.filter((p) => p.clientId === clientId).length;
  // An issued invoice holding time of one of its projects, as far as this device knows; the
  // server also knows invoices made out to the client and older logs, and refuses those.
  const invoiceOfClient = (clientId: string) => {
    const ids = new Set(projects.filter((p) => p.clientId === clientId).map((p) => p.id));
    return logs.find((l) => l.invoice && l.projectId && ids.has(l.projectId))?.invoice;
  };

  function remove(client: Client) {
    showToast(`Deleted ${client.name}`, deleteClient(client.id).undo);
  }

  const header = (key: SortKey, label: string) => (
    <SortHeader
      label={label}
      active={sort === key}
      direction={direction}
      onSort={() => sortOn(key)}
    />
  );

  return (
    <section aria-labelledby="clients-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="clients-heading" className="text-3xl font-bold">
          Clients
        </h1>
        {can.managesWorkspace ? (
          <a href="/clients/new" className="btn-primary">
            New Client
          </a>
        ) : null}
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchBox label="Search by client name" value={query} onChange={setQuery} />
        <StatusSelect value={status} onChange={setStatus} />
      </div>
      <ListTable
        caption={`Clients, ${shown.length} shown`}
        head={
          <>
            {header('name', 'Name')}
            {/* Contact details reach only those who manage clients (the server sends no others). */}
            {can.managesWorkspace ? header('contact', 'Contact person') : null}
            {can.managesWorkspace ? header('details', 'Contact details') : null}
            {header('status', 'Status')}
            <th scope="col" className="px-3 py-2 font-bold uppercase">
              Action
            </th>
          </>
        }
      >
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td
                colSpan={can.managesWorkspace ? 5 : 3}
                className="px-3 py-8 text-center text-slate-700"
              >
                No Clients found.
              </td>
            </tr>
          ) : (
            visible.map((client) => (
              <tr key={client.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {can.managesWorkspace ? (
                    <a
                      href={`/clients/${encodeURIComponent(client.id)}`}
                      className="text-brand-700 hover:underline"
                    >
                      {client.name}
                    </a>
                  ) : (
                    client.name
                  )}
                </th>
                {can.managesWorkspace ? (
                  <>
                    <td data-label="Contact person" className="px-3 py-2">
                      {client.contactPerson || '—'}
                    </td>
                    <td data-label="Contact details" className="px-3 py-2">
                      {client.email ? <div>{client.email}</div> : null}
                      {client.phone ? <div>{client.phone}</div> : null}
                      {!client.email && !client.phone ? '—' : null}
                    </td>
                  </>
                ) : null}
                <td data-label="Status" className="px-3 py-2">
                  {client.status}
                </td>
                <td className="px-3 py-2">
                  {can.managesWorkspace ? (
                    <RowMenu
                      label={`Actions for ${client.name}`}
                      actions={[
                        {
                          label: 'Edit',
                          onSelect: () =>
                            window.location.assign(`/clients/${encodeURIComponent(client.id)}`),
                        },
                        client.status === 'Active'
                          ? { label: 'Archive', onSelect: () => archiveClient(client.id) }
                          : { label: 'Restore', onSelect: () => restoreClient(client.id) },
                        {
                          label: 'Delete',
                          danger: true,
                          onSelect: () => {
                            const held = invoiceHoldRefusal('client', invoiceOfClient(client.id));
                            if (held) showToast(held);
                            else setDeleting(client);
                          },
                        },
                      ]}
                    />
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ListTable>
      <ShowMore hidden={hidden} total={shown.length} onShowMore={showMore} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={(() => {
          const count = deleting ? projectCount(deleting.id) : 0;
          return count === 0
            ? 'No projects use this client.'
            : `${count} ${count === 1 ? 'project uses' : 'projects use'} this client. They and their time logs stay, showing the client as deleted.`;
        })()}
        confirmLabel="Delete client"
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
