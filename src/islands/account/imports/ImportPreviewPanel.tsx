import { useId } from 'react';
import { formatDay } from '../../../lib/day';
import { useDuration } from '../../../ui/time/use-duration';
import { formatMoney } from '../../../lib/money';
import { ScrollRegion } from '../../../ui/layout/ScrollRegion';
import type { Counted, ImportPreview } from '../../../stores/imports';
import { ImportStructureNote } from './ImportStructureNote';

interface ImportPreviewPanelProps {
  preview: ImportPreview;
  /** Time zones offered for the file's clock times, the workspace's first. */
  zones: string[];
  onTimeZone: (zone: string) => void;
  dateFormat: string;
  onDateFormat: (format: string) => void;
}

const kinds: { key: 'clients' | 'projects' | 'tasks' | 'tags' | 'members'; label: string }[] = [
  { key: 'clients', label: 'Clients' },
  { key: 'projects', label: 'Projects' },
  { key: 'tasks', label: 'Tasks' },
  { key: 'tags', label: 'Tags' },
  { key: 'members', label: 'Team members' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CountedRow({ label, counted }: { label: string; counted: Counted }) {
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="p-2 text-left font-semibold">
        {label}
      </th>
      <td className="p-2 text-right tabular-nums">{counted.create}</td>
      <td className="p-2 text-right tabular-nums">{counted.match}</td>
      <td className="break-words p-2">{counted.created.join(', ')}</td>
    </tr>
  );
}

/**
 * What importing the file would do, before anything is written: the records created and
 * matched, the time it holds, the amounts, the rows that cannot be imported, and the time zone
 * (and date order, when the dates read more than one way) to read it in.
 */
export function ImportPreviewPanel({
  preview,
  zones,
  onTimeZone,
  dateFormat,
  onDateFormat,
}: ImportPreviewPanelProps) {
  const duration = useDuration();
  const id = useId();
  const { rows, amounts } = preview;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        What this file holds
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Read as a {preview.sourceName}, {preview.encoding}.
      </p>
      <ImportStructureNote preview={preview} />
      <dl
        // A file without time (issue 33) has no time figures to show.
        className={`mt-3 ${preview.structure ? 'hidden' : 'grid'} grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1`}
      >
        <dt className="font-semibold">Time logs to import</dt>
        <dd>{plural(rows.importable, 'log', 'logs')}</dd>
        <dt className="font-semibold">Dates</dt>
        <dd>
          {preview.dateRange
            ? `${formatDay(preview.dateRange.from)} to ${formatDay(preview.dateRange.to)}`
            : 'None'}
        </dd>
        <dt className="font-semibold">Total hours</dt>
        <dd>{duration(preview.totalSeconds, 'log')}</dd>
        <dt className="font-semibold">Billable hours</dt>
        <dd>{duration(preview.billableSeconds, 'log')}</dd>
        <dt className="font-semibold">Already imported</dt>
        <dd>
          {rows.alreadyImported === 0
            ? 'None'
            : `${plural(rows.alreadyImported, 'row was', 'rows were')} imported before and will not be imported again`}
        </dd>
        <dt className="font-semibold">Cannot be imported</dt>
        <dd>{rows.refused === 0 ? 'None' : plural(rows.refused, 'row', 'rows')}</dd>
      </dl>

      <h4 className="mt-4 font-semibold">Records</h4>
      <ScrollRegion label="Records the import creates and uses">
        <table className="w-full text-sm">
          <caption className="sr-only">Records the import creates and uses</caption>
          <thead>
            <tr>
              <th scope="col" className="p-2 text-left">
                Kind
              </th>
              <th scope="col" className="p-2 text-right">
                New
              </th>
              <th scope="col" className="p-2 text-right">
                Already in Hourmark
              </th>
              <th scope="col" className="p-2 text-left">
                New names
              </th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <CountedRow key={kind.key} label={kind.label} counted={preview[kind.key]} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <h4 hidden={!!preview.structure} className="mt-4 font-semibold">
        Amounts
      </h4>
      <p hidden={!!preview.structure} className="mt-1">
        {amounts.fileCurrency
          ? `The file’s amounts add up to ${formatMoney(amounts.fileMinor, amounts.fileCurrency)}.`
          : 'The file has no amounts.'}{' '}
        {amounts.pricedRows === 0
          ? 'None of its rows is on a project this workspace already has, so Hourmark’s rates for them are not known yet.'
          : `${plural(amounts.pricedRows, 'row is', 'rows are')} on projects this workspace already has: at Hourmark’s rates ${amounts.pricedRows === 1 ? 'it bills' : 'they bill'} ${formatMoney(amounts.workspaceMinor, amounts.workspaceCurrency)}${amounts.fileCurrency ? `, where the file says ${formatMoney(amounts.fileMinorOfPricedRows, amounts.fileCurrency)}` : ''}.`}
      </p>

      <div className={`mt-4 ${preview.structure ? 'hidden' : 'flex'} flex-wrap gap-4`}>
        <div>
          <label htmlFor={`${id}-zone`} className="block font-semibold">
            Time zone of the file’s clock times
          </label>
          <select
            id={`${id}-zone`}
            className="mt-1 max-w-full rounded border border-slate-300 p-2"
            value={preview.timeZone}
            onChange={(event) => onTimeZone(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        {preview.mustChooseDateFormat ? (
          <div>
            <label htmlFor={`${id}-dates`} className="block font-semibold">
              Order of the dates in the file
            </label>
            <select
              id={`${id}-dates`}
              className="mt-1 max-w-full rounded border border-slate-300 p-2"
              value={dateFormat}
              aria-describedby={`${id}-dates-help`}
              onChange={(event) => onDateFormat(event.target.value)}
            >
              <option value="">Choose…</option>
              {preview.dateFormats.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </select>
            <p id={`${id}-dates-help`} className="mt-1 text-sm text-slate-600">
              Every date in the file reads more than one way (03/04 is 3 April or 4 March). Say
              which order it uses.
            </p>
          </div>
        ) : null}
      </div>

      {preview.problems.length > 0 ? (
        <>
          <h4 className="mt-4 font-semibold">Rows that cannot be imported</h4>
          {rows.refused > preview.problems.length ? (
            <p className="text-sm">
              The first {preview.problems.length} of {rows.refused} are listed.
            </p>
          ) : null}
          <ScrollRegion label="Rows that cannot be imported">
            <table className="w-full text-sm">
              <caption className="sr-only">Rows that cannot be imported</caption>
              <thead>
                <tr>
                  <th scope="col" className="p-2 text-right">
                    Line
                  </th>
                  <th scope="col" className="p-2 text-left">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((problem, index) => (
                  <tr key={`${problem.line}-${index}`} className="border-t border-slate-200">
                    <td className="p-2 text-right tabular-nums">{problem.line}</td>
                    <td className="break-words p-2">{problem.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
    </section>
  );
}
