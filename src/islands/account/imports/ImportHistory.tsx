import { useId } from 'react';
import { ScrollRegion } from '../../../ui/layout/ScrollRegion';
import type { ImportView } from '../../../stores/imports';

const statusText: Record<ImportView['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  undone: 'Undone',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The workspace's imports, newest first, each with a button that opens its result. */
export function ImportHistory({
  imports,
  onOpen,
}: {
  imports: ImportView[];
  onOpen: (view: ImportView) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        Imports
      </h3>
      {imports.length === 0 ? (
        <p className="mt-1">Nothing has been imported into this workspace yet.</p>
      ) : (
        <ScrollRegion label="Imports into this workspace">
          <table className="w-full text-sm">
            <caption className="sr-only">Imports into this workspace</caption>
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left">
                  When
                </th>
                <th scope="col" className="p-2 text-left">
                  By
                </th>
                <th scope="col" className="p-2 text-left">
                  File
                </th>
                <th scope="col" className="p-2 text-left">
                  Status
                </th>
                <th scope="col" className="p-2 text-right">
                  Logs
                </th>
                <th scope="col" className="p-2 text-right">
                  Skipped
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">Result</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((view) => (
                <tr key={view.id} className="border-t border-slate-200">
                  <td className="whitespace-nowrap p-2">{when(view.createdAt)}</td>
                  <td className="p-2">{view.startedBy}</td>
                  <td className="break-all p-2">{view.fileName}</td>
                  <td className="p-2">
                    {statusText[view.status]}
                    {view.status === 'running' || view.status === 'queued'
                      ? ` (${view.progress.done} of ${view.progress.total})`
                      : ''}
                  </td>
                  <td className="p-2 text-right tabular-nums">{view.result.logs}</td>
                  <td className="p-2 text-right tabular-nums">{view.result.skippedCount}</td>
                  <td className="p-2">
                    <button
                      type="button"
                      className="text-brand-700 underline"
                      aria-label={`Open the import of ${view.fileName} on ${when(view.createdAt)}`}
                      onClick={() => onOpen(view)}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
