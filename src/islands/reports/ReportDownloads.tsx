import { useState } from 'react';

type Paper = 'a4' | 'letter';

/**
 * A report's exports: the CSV the screen makes from what it shows, and the XLSX and PDF files
 * the server makes for the same query (plain links, so the browser downloads them itself).
 */
export function ReportDownloads({
  query,
  onCsv,
}: {
  query: string;
  onCsv: (() => void) | undefined;
}) {
  const [paper, setPaper] = useState<Paper>('a4');
  const file = (format: 'xlsx' | 'pdf', label: string) =>
    query ? (
      <a
        className="btn-secondary"
        href={`/sync/report-export?${query}&format=${format}${format === 'pdf' ? `&paper=${paper}` : ''}`}
        download
      >
        {label}
      </a>
    ) : (
      <button type="button" className="btn-secondary" disabled>
        {label}
      </button>
    );
  return (
    <div role="group" aria-label="Export" className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn-secondary" disabled={!onCsv} onClick={onCsv}>
        Export CSV
      </button>
      {file('xlsx', 'Export XLSX')}
      {file('pdf', 'Export PDF')}
      <label htmlFor="report-paper" className="sr-only">
        PDF paper size
      </label>
      <select
        id="report-paper"
        className="field-input w-auto"
        value={paper}
        onChange={(e) => setPaper(e.target.value === 'letter' ? 'letter' : 'a4')}
      >
        <option value="a4">A4</option>
        <option value="letter">Letter</option>
      </select>
    </div>
  );
}
