import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { presets } from '../../lib/date-presets';
import { formatDay } from '../../lib/day';
import { $abilities, $currency } from '../../stores/access';
import { $clients } from '../../stores/clients';
import {
  draftInvoice,
  loadUninvoiced,
  type UninvoicedClient,
  type UninvoicedProject,
  type WaitingForApproval,
} from '../../stores/invoices';
import { CustomDays } from '../../ui/dates/CustomDays';
import { PresetSelect } from '../../ui/dates/PresetSelect';
import { usePresetRange } from '../../ui/dates/use-preset-range';
import { $cacheOwner } from '../../stores/sync/owner';
import { AdminsOnly } from './AdminsOnly';
import { UninvoicedClientCard } from './UninvoicedClientCard';
import { UninvoicedWithoutClient } from './UninvoicedWithoutClient';
import { WaitingForApprovalNote } from './WaitingForApprovalNote';

const ranges = ['up-to-today' as const, ...presets.filter((p) => p !== 'today')];

/**
 * /uninvoiced: per client, the approved billable time and expenses no invoice holds yet, by
 * project, for a preset or a custom range of days; Create invoice makes a draft of a client's
 * ticked projects. It opens on everything approved up to today, from the first day left to bill.
 */
export function UninvoicedScreen() {
  const can = useStore($abilities);
  const currency = useStore($currency);
  const { preset, setPreset, range: searched, custom } = usePresetRange(ranges, 'up-to-today');
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  // The days searched and what the server found in them, with the first day left to bill.
  const [found, setFound] = useState<{ from: string; to: string; firstDay: string | null } | null>(
    null,
  );
  const openEnded = preset === 'up-to-today';
  const range =
    openEnded && found?.from === searched.from && found.to === searched.to
      ? { from: found.firstDay ?? searched.to, to: searched.to }
      : searched;
  const [clients, setClients] = useState<UninvoicedClient[] | null>(null);
  const [withoutClient, setWithoutClient] = useState<UninvoicedProject[]>([]);
  const [waiting, setWaiting] = useState<WaitingForApproval | null>(null);
  const allClients = useStore($clients);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const backwards = range.from > range.to;

  // One request: "up to today" searches ten years and starts the range at the first day the
  // server found (a separate day-by-day report of ten years used to come first).
  useEffect(() => {
    if (!can.isAdmin || !workspaceId || searched.from > searched.to) return;
    let current = true;
    setClients(null);
    void loadUninvoiced(searched.from, searched.to).then((result) => {
      if (!current) return;
      if (result.ok) {
        setClients(result.data.clients);
        setWithoutClient(result.data.withoutClient ?? []);
        setWaiting(result.data.waitingForApproval ?? null);
        setFound({ from: searched.from, to: searched.to, firstDay: result.data.firstDay ?? null });
        setProblem('');
      } else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [can.isAdmin, workspaceId, searched.from, searched.to]);

  if (!can.isAdmin) return <AdminsOnly />;

  async function create(clientId: string, projectIds: string[]) {
    setBusy(true);
    const made = await draftInvoice(clientId, range.from, range.to, projectIds);
    if (made.ok) window.location.assign(`/invoices/view?id=${made.data.invoice.id}`);
    else {
      setProblem(made.message);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="uninvoiced-heading" className="p-4 desk:p-6">
      <h1 id="uninvoiced-heading" className="mb-4 text-3xl font-bold">
        Uninvoiced
      </h1>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <PresetSelect id="uninvoiced-range" value={preset} choices={ranges} onChange={setPreset} />
        {preset === 'custom' ? (
          <CustomDays idPrefix="uninvoiced" days={custom} />
        ) : (
          <p className="pb-2 font-semibold">
            {formatDay(range.from)} – {formatDay(range.to)}
          </p>
        )}
      </div>
      <p role="status" className="mb-3 text-slate-700">
        {backwards
          ? 'The first day is after the last: choose a From day on or before the To day.'
          : problem ||
            (clients === null
              ? 'Looking for time to bill…'
              : clients.length === 0 && withoutClient.length === 0
                ? 'Everything approved in these days is on an invoice.'
                : '')}
      </p>
      {backwards || clients === null || !waiting ? null : (
        <WaitingForApprovalNote
          waiting={waiting}
          currency={currency}
          // Counted over every day searched: time waiting may lie before the first day to bill.
          range={
            openEnded && waiting?.firstDay && waiting.firstDay < range.from
              ? { from: waiting.firstDay, to: range.to }
              : range
          }
        />
      )}
      {(backwards ? [] : (clients ?? [])).map((client) => (
        <UninvoicedClientCard
          key={`${client.clientId} ${range.from} ${range.to}`}
          client={client}
          currency={currency}
          busy={busy}
          onCreate={(projectIds) => void create(client.clientId, projectIds)}
        />
      ))}
      {backwards || clients === null ? null : (
        <UninvoicedWithoutClient
          projects={withoutClient}
          clients={allClients
            .filter((c) => c.status === 'Active')
            .map((c) => ({ id: c.id, name: c.name }))}
          currency={currency}
          busy={busy}
          onCreate={(clientId, projectId) => void create(clientId, [projectId])}
        />
      )}
    </section>
  );
}
