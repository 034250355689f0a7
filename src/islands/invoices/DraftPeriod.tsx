import { formatDay, isValidDay } from '../../lib/day';
import { logsOutsidePeriod, type InvoiceDocument } from '../../lib/invoice-document';
import { TextField } from '../../ui/form/TextField';

const span = (period: { start: string; end: string }) =>
  `${formatDay(period.start)} to ${formatDay(period.end)}`;

/**
 * The period a draft states, "Work from … to …" (issue 47): left empty, the first and last day of
 * its time; set, the days typed here, which the invoice states even when some of its time falls
 * outside them (said beside the fields).
 */
export function DraftPeriod({
  doc,
  start,
  end,
  error,
  onChange,
}: {
  doc: InvoiceDocument;
  start: string;
  end: string;
  error: (path: string) => string | undefined;
  onChange: (period: { periodStart: string; periodEnd: string }) => void;
}) {
  const set = start !== '' || end !== '';
  const typed = isValidDay(start) && isValidDay(end) && start <= end;
  const outside =
    typed &&
    doc.logPeriod &&
    logsOutsidePeriod({ period: { start, end }, logPeriod: doc.logPeriod })
      ? doc.logPeriod
      : null;
  const hint = doc.logPeriod
    ? `Leave both empty to state the days of its time: ${span(doc.logPeriod)}.`
    : 'Leave both empty to state the days of its time.';
  return (
    <fieldset className="mb-2">
      <legend className="field-label mb-1">Period on the invoice</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Period from"
          type="date"
          value={start}
          error={error('period.start')}
          hint={hint}
          onChange={(periodStart) => onChange({ periodStart, periodEnd: end })}
        />
        <TextField
          label="Period to"
          type="date"
          value={end}
          error={error('period.end')}
          onChange={(periodEnd) => onChange({ periodStart: start, periodEnd })}
        />
      </div>
      {outside ? (
        <p role="status" className="mb-2 text-amber-900">
          Time on this draft runs from {span(outside)}, outside the period you set. The invoice
          states your period all the same.
        </p>
      ) : null}
      {set ? (
        <button
          type="button"
          className="mb-4 py-2 text-brand-700 underline"
          onClick={() => onChange({ periodStart: '', periodEnd: '' })}
        >
          Use the days of its time
        </button>
      ) : null}
    </fieldset>
  );
}
