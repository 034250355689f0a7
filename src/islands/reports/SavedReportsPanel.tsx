import { useEffect, useState } from 'react';
import type { SavedReportSpec, Schedule } from '../../lib/saved-report';
import {
  deleteSavedReport,
  loadSavedReports,
  saveReport,
  type SavedReport,
} from '../../stores/saved-reports';
import { ShareLinks } from './ShareLinks';

const scheduleLabels: Record<'' | Schedule, string> = {
  '': 'Never',
  weekly: 'Every week',
  monthly: 'Every month',
};

/**
 * Saved reports on the detailed report: open one (its filter and grouping fill the screen),
 * save what is shown under a name, have it mailed weekly or monthly, share it, delete it.
 */
export function SavedReportsPanel({
  current,
  onOpen,
  seesAmounts,
}: {
  /** The filter and grouping on screen, as a saved report would keep them. */
  current: SavedReportSpec;
  onOpen: (spec: SavedReportSpec) => void;
  seesAmounts: boolean;
}) {
  const [reports, setReports] = useState<SavedReport[]>([]);
  const [openId, setOpenId] = useState('');
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState('');
  const [status, setStatus] = useState('');
  const open = reports.find((r) => r.id === openId) ?? null;

  const refresh = async (select?: string) => {
    const result = await loadSavedReports();
    if (!result.ok) return setStatus(result.message);
    setReports(result.reports);
    if (select !== undefined) setOpenId(select);
  };
  useEffect(() => {
    void refresh();
  }, []);

  async function save(asNew: boolean) {
    const chosen = asNew ? name.trim() : (open?.name ?? '');
    if (!chosen) return setNameProblem('Name the report to save it.');
    setNameProblem('');
    const result = await saveReport({
      ...(asNew || !open ? {} : { id: open.id }),
      name: chosen,
      spec: current,
      schedule: asNew ? null : (open?.schedule ?? null),
    });
    if (!result.ok) {
      setNameProblem(result.fields?.['name'] ?? '');
      return setStatus(`Not saved: ${result.message}`);
    }
    setName('');
    setStatus(`Saved “${result.report.name}”.`);
    await refresh(result.report.id);
  }

  async function schedule(value: '' | Schedule) {
    if (!open) return;
    const result = await saveReport({
      id: open.id,
      name: open.name,
      spec: open.spec,
      schedule: value || null,
    });
    if (!result.ok) return setStatus(`Not changed: ${result.message}`);
    setStatus(
      value
        ? `“${open.name}” will be mailed to you ${value === 'weekly' ? 'at the start of each week' : 'on the 1st of each month'}, as PDF and CSV.`
        : `“${open.name}” is no longer mailed.`,
    );
    await refresh();
  }

  async function remove() {
    if (!open) return;
    const result = await deleteSavedReport(open.id);
    if (!result.ok) return setStatus(`Not deleted: ${result.message}`);
    setStatus(`Deleted “${open.name}”; its links no longer work.`);
    await refresh('');
  }

  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Saved reports and sharing</summary>
      <div className="mt-3 grid gap-4 desk:grid-cols-2">
        <div>
          <label htmlFor="saved-open" className="field-label">
            Open a saved report
          </label>
          <select
            id="saved-open"
            className="field-input"
            value={openId}
            onChange={(e) => {
              setOpenId(e.target.value);
              const chosen = reports.find((r) => r.id === e.target.value);
              if (chosen) onOpen(chosen.spec);
            }}
          >
            <option value="">{reports.length ? 'Choose a report' : 'No saved reports yet'}</option>
            {reports.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          <form
            className="mt-3"
            onSubmit={(e) => {
              e.preventDefault();
              void save(true);
            }}
          >
            <label htmlFor="saved-name" className="field-label">
              Save this report as
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="saved-name"
                className="field-input max-w-xs"
                value={name}
                maxLength={100}
                aria-invalid={nameProblem ? true : undefined}
                aria-describedby={nameProblem ? 'saved-name-problem' : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              <button type="submit" className="btn-primary">
                Save
              </button>
            </div>
            {nameProblem ? (
              <p id="saved-name-problem" className="mt-1 text-sm text-red-800">
                {nameProblem}
              </p>
            ) : null}
          </form>
        </div>
        {open ? (
          <div>
            <p className="mb-2 font-semibold">{open.name}</p>
            <div className="mb-3 flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => void save(false)}>
                Update with this filter
              </button>
              <button type="button" className="btn-secondary" onClick={() => void remove()}>
                Delete
              </button>
            </div>
            <label htmlFor="saved-schedule" className="field-label">
              Mail it to me
            </label>
            <select
              id="saved-schedule"
              className="field-input max-w-xs"
              value={open.schedule ?? ''}
              onChange={(e) =>
                void schedule(e.target.value === '' ? '' : (e.target.value as Schedule))
              }
            >
              {(['', 'weekly', 'monthly'] as const).map((s) => (
                <option key={s} value={s}>
                  {scheduleLabels[s]}
                </option>
              ))}
            </select>
            <ShareLinks
              report={open}
              seesAmounts={seesAmounts}
              onChange={(message) => {
                setStatus(message);
                void refresh();
              }}
            />
          </div>
        ) : null}
      </div>
      <p role="status" className="mt-2 text-slate-700">
        {status}
      </p>
    </details>
  );
}
