import { lazy, Suspense } from 'react';

// Export and its download code load only once a save has failed, which is rare (issue 29's
// budget): the message shows at once, the button a moment later.
const ExportDataButton = lazy(() =>
  import('./ExportDataButton').then((m) => ({ default: m.ExportDataButton })),
);

/**
 * Beside a form whose save the browser refused: the same words as the storage notice, where the
 * person is looking, with Export right there. The change itself is kept in this tab's memory.
 */
export function WriteFailedMessage({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
      <p className="mb-2">{message}</p>
      <Suspense fallback={null}>
        <ExportDataButton className="btn-secondary py-1" />
      </Suspense>
    </div>
  );
}
