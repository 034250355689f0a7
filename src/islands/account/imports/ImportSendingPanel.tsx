import { useId } from 'react';
import type { ImportPreview, SendProgress } from '../../../stores/imports';

// What the person sees between Start and the import's first progress (issue 32): the file
// being sent (a real progress bar, from XMLHttpRequest's upload events), then the server
// reading and checking its rows, which for 100,000 rows takes several seconds. Until the server
// answers, closing the page cancels the import; once it has started, it goes on without the page.

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
const count = new Intl.NumberFormat('en');

/** The phase said aloud (a live region): it changes twice, not at every byte. */
export function sendingPhaseText(preview: ImportPreview, progress: SendProgress): string {
  if (!progress.done) return 'Sending the file…';
  if (preview.structure) return 'Reading and checking the file…';
  const rows = preview.rows.importable + preview.rows.refused + preview.rows.alreadyImported;
  return `Reading and checking ${count.format(rows)} ${rows === 1 ? 'row' : 'rows'}…`;
}

export function ImportSendingPanel({
  fileName,
  preview,
  progress,
}: {
  fileName: string;
  preview: ImportPreview;
  progress: SendProgress;
}) {
  const id = useId();
  const percent = progress.done
    ? 100
    : progress.total > 0
      ? Math.min(100, Math.floor((progress.sent / progress.total) * 100))
      : 0;
  const sentText = progress.total
    ? `${megabytes(progress.done ? progress.total : progress.sent)} of ${megabytes(progress.total)} MB`
    : '';
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4 rounded border border-slate-200 p-3">
      <h3 id={`${id}-heading`} className="break-words text-lg font-bold">
        Starting the import of {fileName}
      </h3>
      <div
        role="progressbar"
        aria-label={`Sending ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} % sent${sentText ? `, ${sentText}` : ''}`}
        className="mt-2 h-3 w-full overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm">
        {percent} % sent{sentText ? ` (${sentText})` : ''}.
      </p>
      <p role="status" className="mt-1 font-semibold">
        {sendingPhaseText(preview, progress)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Keep this page open until the import has started: closing it now cancels the import, and
        nothing is imported. Once it has started, it goes on on the server even if you close the
        page.
      </p>
    </section>
  );
}
