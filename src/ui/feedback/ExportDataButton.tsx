import { useState } from 'react';
import { downloadFile } from './download';

/**
 * "Export my data": downloads the whole workspace as one JSON file (from the server, with this
 * device's unsent changes and any value kept aside as unreadable), or, offline, what this browser
 * keeps, saying so beside the button.
 */
export function ExportDataButton({ className = 'btn-secondary' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const exportNow = async () => {
    setBusy(true);
    setNotice('');
    // Loaded on click: it reads every list and asks the server, which a screen need not load.
    const { buildExport } = await import('../../stores/sync/export-file');
    const file = await buildExport();
    downloadFile(
      `hourmark-export-${new Date().toISOString().slice(0, 10)}.json`,
      file.text,
      'application/json',
    );
    setNotice(file.notice ?? '');
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className={className}
        aria-busy={busy}
        disabled={busy}
        onClick={() => void exportNow()}
      >
        {busy ? 'Preparing the export…' : 'Export my data'}
      </button>
      <p role="status" className={notice ? 'mt-2 text-sm text-slate-700' : 'sr-only'}>
        {notice}
      </p>
    </>
  );
}
