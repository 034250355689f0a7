import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDay, isValidDay } from '../../lib/day';
import { todayIn } from '../../lib/workspace-rules';
import { $abilities, $workspaceRules } from '../../stores/access';
import {
  downloadEInvoice,
  issueInvoice,
  loadInvoice,
  voidInvoice,
  type Invoice,
  type InvoiceStanding,
} from '../../stores/invoices';
import { $cacheOwner } from '../../stores/sync/owner';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { formatMoney } from '../../lib/money';
import { settlementText } from '../../lib/invoice-settlement';
import { VoidDialog } from './VoidDialog';
import { AdminsOnly } from './AdminsOnly';
import { DraftEditor } from './DraftEditor';
import { InvoiceDocumentView } from './InvoiceDocumentView';
import type { EInvoiceProfile } from '../../lib/e-invoice-profile';
import { MissingFields } from './MissingFields';
import { PaymentsPanel } from './PaymentsPanel';

const papers = [
  ['a4', 'A4'],
  ['letter', 'Letter'],
] as const;

/** How an invoice under a client's profile reaches it (issue 28): Hourmark makes the file only. */
const profileSending: Record<EInvoiceProfile, string> = {
  en16931: '',
  peppol:
    'Its e-invoices are Peppol BIS Billing 3.0: give the UBL file to your Peppol access point, which delivers it to the client’s Peppol ID.',
  xrechnung:
    'Its e-invoices are XRechnung 3.0: upload the UBL or CII file to the buyer’s portal, or send it through Peppol.',
};

const standingLabels: Record<InvoiceStanding, string> = {
  draft: 'Draft',
  issued: 'Issued, not paid yet',
  'partly paid': 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** The first sentence of a refusal, as the heading over its fields. */
const firstSentence = (message: string) => `${message.split('. ')[0] ?? message}.`;

/**
 * /invoices/view?id=…: one invoice. A draft shows its logs' amounts now and can be issued (which
 * numbers it and locks its logs) or deleted; an issued one can be printed or voided.
 */
export function InvoiceScreen() {
  const can = useStore($abilities);
  const rules = useStore($workspaceRules);
  const [id] = useState(() => new URLSearchParams(window.location.search).get('id') ?? '');
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [problem, setProblem] = useState('');
  // What the client's e-invoice profile still needs, by field, after a refused issue (issue 28).
  const [missing, setMissing] = useState<{ heading: string; fields: Record<string, string> }>({
    heading: '',
    fields: {},
  });
  const [issueDate, setIssueDate] = useState(() => todayIn(rules.timeZone, new Date()));
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingIssue, setConfirmingIssue] = useState(false);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';

  const reload = () =>
    loadInvoice(id).then((result) =>
      result.ok ? setInvoice(result.data.invoice) : setProblem(result.message),
    );
  useEffect(() => {
    if (can.isAdmin) void reload();
    // `reload` reads only `id`, which never changes on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [can.isAdmin, id]);

  if (!can.isAdmin) return <AdminsOnly />;

  async function issue() {
    if (!isValidDay(issueDate)) return setProblem('Choose the issue date.');
    setBusy(true);
    const issued = await issueInvoice(id, issueDate);
    setBusy(false);
    if (!issued.ok && Object.keys(issued.fields).length) {
      setProblem('');
      return setMissing({ heading: firstSentence(issued.message), fields: issued.fields });
    }
    setMissing({ heading: '', fields: {} });
    if (!issued.ok) return setProblem(issued.message);
    setProblem('');
    await reload();
  }

  async function eInvoice(format: 'ubl' | 'cii' | 'facturx', credit = false) {
    setBusy(true);
    const made = await downloadEInvoice(id, format, credit);
    setBusy(false);
    if (!made.ok) return setProblem(made.message);
    setProblem('');
    // Saved as a file, named after the invoice (or its credit note), like the PDF.
    const link = document.createElement('a');
    link.href = URL.createObjectURL(made.file);
    const number = (credit ? invoice?.creditNote?.number : invoice?.number) ?? id;
    const name = `${credit ? 'credit-note' : 'invoice'}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}`;
    link.download =
      format === 'ubl'
        ? `${name}.xml`
        : format === 'cii'
          ? `${name}-cii.xml`
          : `${name}-factur-x.pdf`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function cancel(settlement?: 'refund' | 'credit') {
    setBusy(true);
    const done = await voidInvoice(id, settlement);
    setBusy(false);
    if (!done.ok) return setProblem(done.message);
    if (done.data.status === 'deleted') window.location.assign('/invoices');
    // Reloaded, so the credit note the void issued shows at once.
    else await reload();
  }

  // What stops Issue: the draft's own read says it before anyone tries (issue 47); a refusal of
  // a try (settings changed meanwhile, in another tab) says it too.
  const blocking =
    invoice?.status === 'draft' && invoice.issueRefusal
      ? {
          heading: firstSentence(invoice.issueRefusal.message),
          fields: invoice.issueRefusal.fields,
        }
      : missing;
  const blocked = invoice?.status === 'draft' && Object.keys(blocking.fields).length > 0;

  const title = invoice
    ? invoice.number
      ? `Invoice ${invoice.number}`
      : `Draft invoice for ${invoice.clientName}`
    : 'Invoice';
  return (
    <section aria-labelledby="invoice-heading" className="p-4 desk:p-6">
      <p className="mb-2 print:hidden">
        <a href="/invoices" className="text-brand-700 underline">
          All invoices
        </a>
      </p>
      <h1 id="invoice-heading" className="mb-2 text-3xl font-bold">
        {title}
        {invoice?.status === 'void' ? ' (void)' : ''}
      </h1>
      {invoice?.standing && invoice.status === 'issued' ? (
        <p className={`mb-2 font-semibold ${invoice.standing === 'overdue' ? 'text-red-800' : ''}`}>
          {standingLabels[invoice.standing]}
        </p>
      ) : null}
      {invoice?.dueDate ? (
        // At the top, where an invoice says it: the dates decide when it is overdue.
        <p className="mb-2">
          Issued {formatDay(invoice.issueDate ?? '')}, due {formatDay(invoice.dueDate)}.
        </p>
      ) : null}
      <p role="status" className="mb-3 text-slate-700">
        {problem || (invoice ? '' : 'Loading the invoice…')}
      </p>
      {invoice ? (
        <>
          <div className="mb-4 flex flex-wrap items-end gap-2 print:hidden">
            {invoice.status === 'draft' ? (
              <>
                <div>
                  <label htmlFor="issue-date" className="field-label">
                    Issue date
                  </label>
                  <input
                    id="issue-date"
                    type="date"
                    className="field-input"
                    value={issueDate}
                    onChange={(e) => setIssueDate(e.target.value)}
                  />
                </div>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy || unsaved || blocked}
                  aria-describedby={
                    [unsaved ? 'issue-unsaved' : '', blocked ? 'issue-blocked' : '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onClick={() =>
                    isValidDay(issueDate)
                      ? setConfirmingIssue(true)
                      : setProblem('Choose the issue date.')
                  }
                >
                  Issue invoice
                </button>
                {unsaved ? (
                  <p id="issue-unsaved" className="self-center text-slate-700">
                    Save the draft’s changes before issuing it.
                  </p>
                ) : null}
              </>
            ) : null}
            {/* A void invoice was sent: its PDF stays on offer beside the credit note's. */}
            {papers.map(([paper, label]) => (
              <a
                key={paper}
                className="btn-secondary"
                href={`/api/invoice-pdf?workspace=${workspaceId}&id=${id}&paper=${paper}`}
                download
              >
                {invoice.status === 'void' ? `Invoice PDF (${label})` : `PDF (${label})`}
              </a>
            ))}
            {invoice.status === 'issued' ? (
              <>
                <button type="button" className="btn-secondary" onClick={() => window.print()}>
                  Print
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('ubl')}
                >
                  E-invoice (UBL)
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('cii')}
                >
                  E-invoice (CII)
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('facturx')}
                >
                  PDF with e-invoice (Factur-X)
                </button>
              </>
            ) : null}
            {invoice.status !== 'void' ? (
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {invoice.status === 'draft' ? 'Delete draft' : 'Void invoice'}
              </button>
            ) : null}
          </div>
          {invoice.status !== 'draft' && invoice.document.profile ? (
            <p className="mb-3 print:hidden">{profileSending[invoice.document.profile]}</p>
          ) : null}
          {blocked ? (
            <MissingFields
              id="issue-blocked"
              heading={blocking.heading}
              fields={blocking.fields}
              clientId={invoice.clientId}
              // Shown on opening the draft it is read in turn; after a refused try, announced.
              announce={blocking === missing}
            />
          ) : null}
          <ConfirmDialog
            open={confirmingIssue}
            title={`Issue this invoice to ${invoice.clientName}?`}
            description={`It gets the next invoice number, dated ${isValidDay(issueDate) ? formatDay(issueDate) : issueDate}, and its logs are locked. An issued invoice is never changed: to correct it you void it, which issues a credit note.`}
            confirmLabel="Issue invoice"
            onConfirm={() => void issue()}
            onClose={() => setConfirmingIssue(false)}
          />
          {invoice.status === 'draft' ? (
            <ConfirmDialog
              open={confirming}
              title="Delete this draft?"
              description="Its logs and expenses are offered for billing again. Nothing was numbered or sent."
              confirmLabel="Delete draft"
              onConfirm={() => void cancel()}
              onClose={() => setConfirming(false)}
            />
          ) : (
            <VoidDialog
              open={confirming}
              number={invoice.number ?? ''}
              clientName={invoice.clientName}
              paid={
                (invoice.paidMinor ?? 0) > 0
                  ? formatMoney(invoice.paidMinor ?? 0, invoice.document.currency || 'INR')
                  : ''
              }
              onConfirm={(settlement) => void cancel(settlement)}
              onClose={() => setConfirming(false)}
            />
          )}
          {invoice.status === 'draft' ? (
            <p className="mb-3 rounded border border-sky-200 bg-sky-50 p-3 print:hidden">
              A draft follows its logs: change one and the draft shows its new amount. Issuing gives
              it the next number and locks its logs until the invoice is voided.
            </p>
          ) : null}
          {invoice.status === 'draft' ? (
            <DraftEditor
              invoice={invoice}
              onSaved={() => {
                setMissing({ heading: '', fields: {} });
                void reload();
              }}
              onDirty={setUnsaved}
              missingReference={blocking.fields['buyerReference'] ?? ''}
            />
          ) : null}
          {invoice.creditNote ? (
            <div className="mb-3 rounded border border-slate-200 bg-slate-50 p-3">
              <p className="mb-2">
                Cancelled in full by credit note {invoice.creditNote.number}, issued{' '}
                {formatDay(todayIn(rules.timeZone, new Date(invoice.creditNote.issuedAt)))}.
              </p>
              {(invoice.payments ?? []).length ? (
                <>
                  <h2 className="font-semibold">Paid before it was voided</h2>
                  <ul className="mb-2 list-disc pl-5">
                    {(invoice.payments ?? []).map((p) => (
                      <li key={p.id}>
                        {formatDay(p.paidOn)}:{' '}
                        {formatMoney(p.amountMinor, invoice.document.currency || 'INR')}
                        {p.note ? ` (${p.note})` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {invoice.settlement ? (
                <p className="mb-2 font-semibold">
                  {settlementText(invoice.settlement, {
                    number: invoice.number,
                    clientName: invoice.clientName,
                    currency: invoice.document.currency,
                  })}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2 print:hidden">
                {papers.map(([paper, label]) => (
                  <a
                    key={paper}
                    className="btn-secondary"
                    href={`/api/invoice-pdf?workspace=${workspaceId}&id=${id}&paper=${paper}&credit=1`}
                    download
                  >
                    Credit note PDF ({label})
                  </a>
                ))}
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('ubl', true)}
                >
                  Credit note e-invoice (UBL)
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('cii', true)}
                >
                  Credit note e-invoice (CII)
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void eInvoice('facturx', true)}
                >
                  Credit note PDF with e-invoice (Factur-X)
                </button>
              </div>
            </div>
          ) : null}
          <InvoiceDocumentView invoice={invoice} />
          {invoice.status === 'issued' ? (
            <PaymentsPanel
              invoice={invoice}
              today={todayIn(rules.timeZone, new Date())}
              onPaid={() => void reload()}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
