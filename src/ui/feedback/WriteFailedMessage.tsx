import { ExportDataButton } from './ExportDataButton';

/**
 * Beside a form whose save the browser refused: the same words as the storage notice, where the
 * person is looking, with Export right there. The change itself is kept in this tab's memory.
 */
export function WriteFailedMessage({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
      <p className="mb-2">{message}</p>
      <ExportDataButton className="btn-secondary py-1" />
    </div>
  );
}
