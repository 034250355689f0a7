import { useEffect, useState } from 'react';
import type { Grouping, Report } from '../../lib/report-spec';
import { sharedReportResponse } from '../../lib/contracts/reports';
import { callApi } from '../../stores/api';
import { ReportTable } from '../../ui/reports/ReportTable';

interface SharedReport {
  name: string;
  workspaceName: string;
  range: string;
  filterLines: string[];
  levels: Grouping[];
  report: Report;
  withAmounts: boolean;
  /** The workspace's currency, which the amounts are in. */
  currency: string;
}

/** The token after '#': it never reaches server logs or other sites' Referer headers. */
const tokenOfPage = () => decodeURIComponent(window.location.hash.slice(1));

/**
 * /shared/report#token: a saved report someone shared, read-only and without signing in, as of
 * today (a shared "last month" is always the month before the day it is opened).
 */
export function SharedReportScreen() {
  const [token] = useState(tokenOfPage);
  const [shared, setShared] = useState<SharedReport | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!token) {
      setProblem('This report link is not valid. Check that the whole link was copied.');
      return;
    }
    void callApi(`/shared-report?token=${encodeURIComponent(token)}`, sharedReportResponse).then(
      (result) => (result.ok ? setShared(result.data) : setProblem(result.message)),
    );
  }, [token]);

  if (problem)
    return (
      <section aria-labelledby="shared-heading" className="mx-auto max-w-2xl p-6">
        <h1 id="shared-heading" className="mb-3 text-2xl font-bold">
          Shared report
        </h1>
        <p role="alert">{problem}</p>
      </section>
    );
  if (!shared)
    return (
      <p role="status" className="p-6">
        Opening the report…
      </p>
    );
  const file = (format: 'csv' | 'xlsx' | 'pdf') =>
    `/shared-report?token=${encodeURIComponent(token)}&format=${format}`;
  return (
    <section aria-labelledby="shared-heading" className="mx-auto max-w-5xl p-4 desk:p-6">
      <p className="text-slate-700">{shared.workspaceName}</p>
      <h1 id="shared-heading" className="mb-1 text-3xl font-bold">
        {shared.name}
      </h1>
      <p className="mb-1 font-semibold">{shared.range}</p>
      <ul aria-label="Filter" className="mb-3 text-sm text-slate-700">
        {shared.filterLines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div role="group" aria-label="Download" className="mb-4 flex flex-wrap gap-2">
        <a className="btn-secondary" href={file('csv')} download>
          Download CSV
        </a>
        <a className="btn-secondary" href={file('xlsx')} download>
          Download XLSX
        </a>
        <a className="btn-secondary" href={file('pdf')} download>
          Download PDF
        </a>
      </div>
      <ReportTable
        groups={shared.report.groups}
        totals={shared.report.totals}
        levels={shared.levels}
        seesAmounts={shared.withAmounts}
        currency={shared.currency}
        caption={`${shared.name}, ${shared.range}`}
      />
      <p className="mt-4 text-sm text-slate-700">
        A read-only report shared from Hourmark. It shows the figures as of today.
      </p>
    </section>
  );
}
