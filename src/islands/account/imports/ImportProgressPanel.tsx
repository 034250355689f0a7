import { useEffect, useId, useState } from 'react';
import { useDuration } from '../../../ui/time/use-duration';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { ScrollRegion } from '../../../ui/layout/ScrollRegion';
import { getImport, undoImport, type ImportView } from '../../../stores/imports';

/** How often a running import is asked about. */
export const POLL_MS = 1000;

const statusText: Record<ImportView['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  undone: 'Undone',
};

const names = (records: { name: string }[]) => records.map((r) => r.name).join(', ');

function CreatedList({ view }: { view: ImportView }) {
  const duration = useDuration();
  const { created, logs, seconds } = view.result;
  const lines: [string, string][] = [
    ['Time logs', `${logs} (${duration(seconds, 'log')})`],
    ['Clients', created.clients.length ? names(created.clients) : 'None'],
    ['Projects', created.projects.length ? names(created.projects) : 'None'],
    ['Tasks', created.tasks.length ? names(created.tasks) : 'None'],
    ['Tags', created.tags.length ? created.tags.join(', ') : 'None'],
    ['Team members', created.members.length ? names(created.members) : 'None'],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
      {lines.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An import as it runs and after: a progress bar asked about every second while it runs (the
 * import goes on on the server if the page closes), then what it created, the rows it skipped
 * and those imported before, and Undo.
 */
export function ImportProgressPanel({
  importId,
  initial = null,
  onChanged,
}: {
  importId: string;
  initial?: ImportView | null;
  /** Called when the import ends or is undone, so the history can be refreshed. */
  onChanged?: () => void;
}) {
  const id = useId();
  const [view, setView] = useState<ImportView | null>(initial);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const running = !view || view.status === 'queued' || view.status === 'running';

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const ask = async () => {
      const answer = await getImport(importId);
      if (stopped) return;
      if (!answer.ok) return setProblem(answer.message);
      setProblem('');
      setView(answer.data.import);
      const status = answer.data.import.status;
      if (status !== 'queued' && status !== 'running') onChanged?.();
    };
    // A first answer at once when nothing is known yet; then every second.
    if (!view) void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts only when it starts or stops running
  }, [importId, running]);

  const undo = async () => {
    setUndoing(true);
    const answer = await undoImport(importId);
    setUndoing(false);
    if (!answer.ok) return setProblem(answer.message);
    setProblem('');
    setView(answer.data.import);
    onChanged?.();
  };

  if (!view)
    return (
      <p role="status" className="mt-4">
        {problem || 'Asking the server about the import…'}
      </p>
    );
  const { done, total } = view.progress;
  const result = view.result;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4 rounded border border-slate-200 p-3">
      <h3 id={`${id}-heading`} className="break-words text-lg font-bold">
        Import of {view.fileName}: {statusText[view.status]}
      </h3>
      <div
        role="progressbar"
        aria-label={`Rows of ${view.fileName} done`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} rows`}
        className="mt-2 h-3 w-full overflow-hidden rounded bg-slate-200"
      >
        <div
          className="h-full bg-brand-600"
          style={{ width: `${total > 0 ? Math.round((done / total) * 100) : 0}%` }}
        />
      </div>
      <p className="mt-1 text-sm" aria-live="polite">
        {done} of {total} rows done.
        {running
          ? ' You can leave this page: the import goes on, and its result is under Imports below.'
          : ''}
      </p>
      {view.status === 'failed' ? (
        <p role="alert" className="field-error mt-2">
          {view.error ?? 'The import stopped.'}
        </p>
      ) : null}

      {!running ? (
        <>
          <h4 className="mt-3 font-semibold">
            {view.status === 'undone' ? 'It had created' : 'Created'}
          </h4>
          <CreatedList view={view} />
          <p className="mt-2">
            Already imported before, not imported again: {result.alreadyImported}{' '}
            {result.alreadyImported === 1 ? 'row' : 'rows'}.
          </p>
          <p className="mt-1">
            Skipped: {result.skippedCount} {result.skippedCount === 1 ? 'row' : 'rows'}.
          </p>
          {result.skipped.length > 0 ? (
            <ScrollRegion label="Rows skipped">
              <table className="w-full text-sm">
                <caption className="sr-only">Rows skipped</caption>
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
                  {result.skipped.map((row) => (
                    <tr key={row.line} className="border-t border-slate-200">
                      <td className="p-2 text-right tabular-nums">{row.line}</td>
                      <td className="break-words p-2">{row.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
        </>
      ) : null}

      {result.undo ? (
        <div className="mt-3">
          <h4 className="font-semibold">Undone</h4>
          <p>
            Removed {result.undo.removed.logs} time logs, {result.undo.removed.clients} clients,{' '}
            {result.undo.removed.projects} projects, {result.undo.removed.tasks} tasks and{' '}
            {result.undo.removed.members} team members.
          </p>
          {result.undo.kept.length > 0 ? (
            <>
              <p className="mt-1">Kept, because they were used or changed since:</p>
              <ul className="ml-5 list-disc">
                {result.undo.kept.map((kept) => (
                  <li key={`${kept.kind}:${kept.id}`} className="break-words">
                    {kept.name} ({kept.kind}): {kept.why}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-1">Nothing it created was kept.</p>
          )}
        </div>
      ) : null}

      {view.status === 'done' ? (
        <button
          type="button"
          className="btn-secondary mt-3"
          disabled={undoing}
          onClick={() => setConfirming(true)}
        >
          {undoing ? 'Undoing…' : 'Undo this import'}
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="field-error mt-2 break-words">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Undo the import of ${view.fileName}?`}
        description={`This removes the ${result.logs} time logs it created, and the clients, projects, tasks and team members it created that nothing else uses. Logs or records changed since are kept.`}
        confirmLabel="Undo import"
        onConfirm={() => void undo()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
