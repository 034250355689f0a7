import { useId, useState } from 'react';

type Paper = 'a4' | 'letter';

/**
 * A report's exports: CSV, XLSX and PDF files the server makes for the report's query (plain
 * links, so the browser downloads them itself, under dated names), and the PDF's paper.
 */
export function ReportDownloads({ query }: { query: string }) {
  const [paper, setPaper] = useState<Paper>('a4');
  const paperId = useId();
  const file = (format: 'csv' | 'xlsx' | 'pdf', label: string) =>
    query ? (
      <a
        className="btn-secondary"
        href={`/api/report-export?${query}&format=${format}${format === 'pdf' ? `&paper=${paper}` : ''}`}
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
      {file('csv', 'Export CSV')}
      {file('xlsx', 'Export XLSX')}
      {file('pdf', 'Export PDF')}
      <label htmlFor={paperId} className="sr-only">
        PDF paper size
      </label>
      <select
        id={paperId}
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
