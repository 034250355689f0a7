import { useId } from 'react';
import {
  anyCsvFieldLabels,
  anyCsvFields,
  type AnyCsvField,
  type AnyCsvMapping,
  type AnyCsvSampleRow,
} from '../../../lib/import/any-csv-mapping';
import { dateFormats, type DateFormat } from '../../../lib/import/date-formats';
import type { NumberFormat } from '../../../lib/import/numbers';
import { useDuration } from '../../../ui/time/use-duration';
import { ScrollRegion } from '../../../ui/layout/ScrollRegion';

/** A mapping as the person builds it: any field may be unchosen yet, the date too. */
export type DraftMapping = Partial<AnyCsvMapping>;

/** The mapping the server can read with, or null while the date or the length is not chosen. */
export function completeMapping(draft: DraftMapping): AnyCsvMapping | null {
  if (!draft.date) return null;
  if (!draft.duration && !(draft.start && draft.end)) return null;
  return { ...draft, date: draft.date };
}

interface AnyCsvMappingFormProps {
  /** The file's header, in its order. */
  columns: string[];
  mapping: DraftMapping;
  onChange: (mapping: DraftMapping) => void;
  /** The mapping came from an earlier import of a file with the same columns. */
  remembered: boolean;
  /** The first rows as they would import with the mapping, or null before one is read. */
  sample: AnyCsvSampleRow[] | null;
  /** What the live preview is doing, or why it cannot be read yet. */
  status: string;
  /** The server's refusal of the mapping. */
  error: string;
}

const helps: Partial<Record<AnyCsvField, string>> = {
  date: 'Required.',
  duration: 'Hours like 1.5 or 1,5, or 1:30. Or choose a start and an end time instead.',
  personName: 'Without a person column, every row is yours.',
  tags: 'Several in one cell, separated by commas.',
  billable: 'Yes/No, 1/0 or Ja/Nein. Without this column every row is billable.',
};

/**
 * Any CSV (issue 33): which of the file's columns holds each field Hourmark imports, how its
 * dates and numbers are written, and its first rows as they would import with that choice.
 */
export function AnyCsvMappingForm({
  columns,
  mapping,
  onChange,
  remembered,
  sample,
  status,
  error,
}: AnyCsvMappingFormProps) {
  const duration = useDuration();
  const id = useId();
  const set = (field: AnyCsvField, column: string) => {
    const next: DraftMapping = { ...mapping };
    if (column) next[field] = column;
    else delete next[field];
    onChange(next);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        Which column is what
      </h3>
      <p className="mt-1">
        {remembered
          ? 'A file with these columns was imported before: its choices are filled in. Check them and import.'
          : 'Hourmark does not know this file’s columns. Choose which column holds each field; the date, and a duration or a start and an end time, are required.'}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {anyCsvFields.map((field) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className="block font-semibold">
              {anyCsvFieldLabels[field]}
            </label>
            <select
              id={`${id}-${field}`}
              className="mt-1 w-full max-w-full rounded border border-slate-300 p-2"
              value={mapping[field] ?? ''}
              aria-describedby={helps[field] ? `${id}-${field}-help` : undefined}
              onChange={(event) => set(field, event.target.value)}
            >
              <option value="">Not in this file</option>
              {columns.map((column, index) => (
                // Two columns may share a name; the first is the one read.
                <option key={`${index}-${column}`} value={column}>
                  {column || `(column ${index + 1}, no name)`}
                </option>
              ))}
            </select>
            {helps[field] ? (
              <p id={`${id}-${field}-help`} className="mt-1 text-sm text-slate-600">
                {helps[field]}
              </p>
            ) : null}
          </div>
        ))}
        <div>
          <label htmlFor={`${id}-date-order`} className="block font-semibold">
            Order of the dates
          </label>
          <select
            id={`${id}-date-order`}
            className="mt-1 w-full max-w-full rounded border border-slate-300 p-2"
            value={mapping.dateFormat ?? ''}
            onChange={(event) => {
              const next = { ...mapping };
              if (event.target.value) next.dateFormat = event.target.value as DateFormat;
              else delete next.dateFormat;
              onChange(next);
            }}
          >
            <option value="">Decide from the file</option>
            {dateFormats.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-decimal`} className="block font-semibold">
            Decimal mark
          </label>
          <select
            id={`${id}-decimal`}
            className="mt-1 w-full max-w-full rounded border border-slate-300 p-2"
            value={mapping.numberFormat ?? ''}
            onChange={(event) => {
              const next = { ...mapping };
              if (event.target.value) next.numberFormat = event.target.value as NumberFormat;
              else delete next.numberFormat;
              onChange(next);
            }}
          >
            <option value="">Decide from the file</option>
            <option value="decimal-point">Point (1.5)</option>
            <option value="decimal-comma">Comma (1,5)</option>
          </select>
        </div>
      </div>

      <h4 className="mt-4 font-semibold">The first rows as they would import</h4>
      <p role="status" className="mt-1 text-sm text-slate-600">
        {status}
      </p>
      {error ? (
        <p role="alert" className="field-error mt-1 break-words">
          {error}
        </p>
      ) : null}
      {sample && sample.length > 0 ? (
        <ScrollRegion label="The first rows as they would import">
          <table className="w-full text-sm">
            <thead>
              <tr className="bg-slate-50 text-left">
                {[
                  'Line',
                  'Date',
                  'Start',
                  'Duration',
                  'Person',
                  'Client',
                  'Project',
                  'Task',
                  'Description',
                  'Billable',
                ].map((heading) => (
                  <th key={heading} scope="col" className="p-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sample.map((row) => (
                <tr key={row.line} className="border-t border-slate-200 align-top">
                  <th scope="row" className="p-2 text-left tabular-nums">
                    {row.line}
                  </th>
                  {row.entry ? (
                    <>
                      <td className="p-2 tabular-nums">{row.entry.date}</td>
                      <td className="p-2 tabular-nums">{row.entry.startTime}</td>
                      <td className="p-2 tabular-nums">
                        {duration(row.entry.durationSeconds, 'log')}
                      </td>
                      <td className="break-words p-2">{row.entry.person}</td>
                      <td className="break-words p-2">{row.entry.client}</td>
                      <td className="break-words p-2">{row.entry.project}</td>
                      <td className="break-words p-2">{row.entry.task}</td>
                      <td className="break-words p-2">{row.entry.description}</td>
                      <td className="p-2">{row.entry.billable ? 'Yes' : 'No'}</td>
                    </>
                  ) : (
                    <td colSpan={9} className="break-words p-2">
                      Not imported: {row.problem}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}
