import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { presetLabels, presetRange, presets, type ReportPreset } from '../../lib/date-presets';
import { formatDay } from '../../lib/day';
import { oneOf } from '../../lib/list-view';
import {
  groupingLabels,
  groupings,
  logStatuses,
  type Grouping,
  type Report,
  type ReportFilter,
} from '../../lib/report-spec';
import type { SavedReportSpec } from '../../lib/saved-report';
import { todayIn } from '../../lib/workspace-rules';
import { $abilities, $currency, $workspaceRules } from '../../stores/access';
import { $activeMembers, $projectChoices } from '../../stores/choices';
import { $clients } from '../../stores/clients';
import { $tasks } from '../../stores/tasks';
import { loadReport, reportQuery } from '../../stores/reports';
import { $cacheOwner } from '../../stores/sync/owner';
import { CustomDays } from '../../ui/dates/CustomDays';
import { useCustomDays } from '../../ui/dates/use-custom-days';
import { useQueryState } from '../../ui/list/use-query-state';
import { ReportDownloads } from './ReportDownloads';
import { SavedReportsPanel } from './SavedReportsPanel';
import { ReportTable } from '../../ui/reports/ReportTable';
import { ReportEntries } from './entries/ReportEntries';
import { entrySorts, type EntrySort } from '../../lib/report-entries';

const billables = ['any', 'yes', 'no'] as const;
type LogStatus = (typeof logStatuses)[number];
const statusLabels: Record<LogStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  submitted: 'Submitted',
  rejected: 'Rejected',
};
const tagModes = ['any', 'all'] as const;

/**
 * /reports/detailed: every log a filter matches, in up to two groupings with subtotals, summed by
 * the server over the whole history; the filter lives in the URL, so a link shows the same report.
 */
export function DetailedReportScreen() {
  const can = useStore($abilities);
  const currency = useStore($currency);
  const rules = useStore($workspaceRules);
  const projects = useStore($projectChoices);
  const members = useStore($activeMembers);
  const clients = useStore($clients);
  const tasks = useStore($tasks);
  const [preset, setPreset] = useQueryState<ReportPreset>('range', 'this-month', (raw) =>
    oneOf(presets, raw, 'this-month'),
  );
  const today = todayIn(rules.timeZone, new Date());
  const custom = useCustomDays(today);
  const [first, setFirst] = useQueryState<Grouping | ''>('group', 'project', (raw) =>
    raw === 'none' ? '' : oneOf(groupings, raw, 'project'),
  );
  const [second, setSecond] = useQueryState<Grouping | ''>('then', '', (raw) =>
    oneOf(['', ...groupings] as const, raw ?? '', ''),
  );
  const [clientId, setClientId] = useQueryState<string>('client', '');
  const [projectId, setProjectId] = useQueryState<string>('project', '');
  const [taskId, setTaskId] = useQueryState<string>('task', '');
  const [status, setStatus] = useQueryState<LogStatus | ''>('status', '', (raw) =>
    oneOf(['', ...logStatuses] as const, raw ?? '', ''),
  );
  const [memberId, setMemberId] = useQueryState<string>('member', '');
  const [tagText, setTagText] = useQueryState<string>('tags', '');
  const [tagMode, setTagMode] = useQueryState('tagMode', 'any', (raw) =>
    oneOf(tagModes, raw, 'any'),
  );
  const [billable, setBillable] = useQueryState('billable', 'any', (raw) =>
    oneOf(billables, raw, 'any'),
  );
  const [invoiced, setInvoiced] = useQueryState('invoiced', 'any', (raw) =>
    oneOf(billables, raw, 'any'),
  );
  const [sort, setSort] = useQueryState<EntrySort>('sort', 'date', (raw) =>
    oneOf(entrySorts, raw, 'date'),
  );
  const [direction, setDirection] = useQueryState<'asc' | 'desc'>('dir', 'asc', (raw) =>
    raw === 'desc' ? 'desc' : 'asc',
  );
  const [fileRows, setFileRows] = useState<'entries' | 'detailed'>('entries');
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');
  const [loading, setLoading] = useState(false);

  const range = presetRange(preset, today, rules.weekStart) ?? {
    from: custom.from,
    to: custom.to,
  };
  const levels = useMemo(
    () => [first, second].filter((g, i, all): g is Grouping => g !== '' && all.indexOf(g) === i),
    [first, second],
  );
  const tags = useMemo(
    () =>
      tagText
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    [tagText],
  );
  const filter: ReportFilter = useMemo(
    () => ({
      from: range.from,
      to: range.to,
      clientIds: clientId ? [clientId] : [],
      projectIds: projectId ? [projectId] : [],
      taskIds: taskId ? [taskId] : [],
      memberIds: memberId ? [memberId] : [],
      tags,
      tagMode,
      billable,
      statuses: status ? [status] : [],
      invoiced,
    }),
    [
      range.from,
      range.to,
      clientId,
      projectId,
      taskId,
      memberId,
      tags,
      tagMode,
      billable,
      status,
      invoiced,
    ],
  );
  const saved: SavedReportSpec = useMemo(() => {
    const { from, to, ...rest } = filter;
    return { range: preset, ...(preset === 'custom' ? { from, to } : {}), groups: levels, ...rest };
  }, [filter, preset, levels]);
  function openSaved(spec: SavedReportSpec) {
    setPreset(spec.range);
    if (spec.range === 'custom') {
      custom.set({ from: spec.from ?? '', to: spec.to ?? '' });
    }
    setFirst(spec.groups[0] ?? '');
    setSecond(spec.groups[1] ?? '');
    setClientId(spec.clientIds[0] ?? '');
    setProjectId(spec.projectIds[0] ?? '');
    setTaskId(spec.taskIds[0] ?? '');
    setMemberId(spec.memberIds[0] ?? '');
    setTagText(spec.tags.join(', '));
    setTagMode(spec.tagMode);
    setBillable(spec.billable);
    setStatus(spec.statuses[0] ?? '');
    setInvoiced(spec.invoiced);
  }
  const rangeProblem = range.from > range.to ? 'The first day is after the last.' : '';

  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  useEffect(() => {
    if (rangeProblem || !workspaceId) return;
    let current = true;
    setLoading(true);
    void loadReport(workspaceId, filter, levels).then((result) => {
      if (!current) return;
      setLoading(false);
      if (result.ok) {
        setReport(result.report);
        setProblem('');
      } else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [workspaceId, filter, levels, rangeProblem]);

  const caption = `Detailed report, ${formatDay(range.from)} – ${formatDay(range.to)}`;
  const query = workspaceId && !rangeProblem ? reportQuery(workspaceId, filter, levels) : '';
  const fileQuery =
    query && fileRows === 'entries' ? `${query}&kind=entries&sort=${sort}&dir=${direction}` : query;

  const select = <T extends string>(
    id: string,
    label: string,
    value: T,
    onChange: (v: T) => void,
    options: readonly { value: T; label: string }[],
  ) => (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const groupOptions = [
    { value: '' as const, label: 'None' },
    ...groupings.map((g) => ({ value: g, label: groupingLabels[g] })),
  ];

  return (
    <section aria-labelledby="report-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="report-heading" className="text-3xl font-bold">
          Detailed report
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="report-file-rows" className="text-sm text-slate-700">
            Files list
          </label>
          <select
            id="report-file-rows"
            className="field-input w-auto"
            value={fileRows}
            onChange={(e) => setFileRows(e.target.value === 'detailed' ? 'detailed' : 'entries')}
          >
            <option value="entries">Each entry</option>
            <option value="detailed">Group totals</option>
          </select>
          <ReportDownloads query={fileQuery} />
        </div>
      </div>
      <form
        aria-label="Report filter"
        className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 desk:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        {select(
          'report-range',
          'Dates',
          preset,
          setPreset,
          presets.map((p) => ({ value: p, label: presetLabels[p] })),
        )}
        {preset === 'custom' ? <CustomDays idPrefix="report" days={custom} /> : null}
        {select('report-group', 'Group by', first, setFirst, groupOptions)}
        {select('report-then', 'Then by', second, setSecond, groupOptions)}
        {select('report-client', 'Client', clientId, setClientId, [
          { value: '', label: 'All clients' },
          ...clients.map((c) => ({ value: c.id, label: c.name })),
        ])}
        {select('report-project', 'Project', projectId, setProjectId, [
          { value: '', label: 'All projects' },
          ...projects.map((p) => ({ value: p.value, label: `${p.group} / ${p.label}` })),
        ])}
        {select('report-task', 'Task', taskId, setTaskId, [
          { value: '', label: 'All tasks' },
          ...tasks
            .filter((t) => !projectId || t.projectId === projectId)
            .map((t) => ({ value: t.id, label: t.task })),
        ])}
        {select('report-member', 'Team member', memberId, setMemberId, [
          { value: '', label: 'Everyone' },
          ...members.map((m) => ({ value: m.id, label: m.name })),
        ])}
        <div>
          <label htmlFor="report-tags" className="field-label">
            Tags
          </label>
          <input
            id="report-tags"
            className="field-input"
            aria-describedby="report-tags-hint"
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
          />
          <p id="report-tags-hint" className="text-sm text-slate-700">
            Separate tags with commas
          </p>
        </div>
        {select('report-tag-mode', 'With several tags', tagMode, setTagMode, [
          { value: 'any', label: 'Any of them' },
          { value: 'all', label: 'All of them' },
        ])}
        {select('report-billable', 'Billable', billable, setBillable, [
          { value: 'any', label: 'Billable or not' },
          { value: 'yes', label: 'Billable only' },
          { value: 'no', label: 'Non-billable only' },
        ])}
        {select('report-status', 'Status', status, setStatus, [
          { value: '', label: 'Any status' },
          ...logStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
        ])}
        {can.isAdmin
          ? select('report-invoiced', 'Invoiced', invoiced, setInvoiced, [
              { value: 'any', label: 'Invoiced or not' },
              { value: 'yes', label: 'On an issued invoice or invoiced outside Hourmark' },
              { value: 'no', label: 'Not invoiced' },
            ])
          : null}
      </form>
      <SavedReportsPanel current={saved} onOpen={openSaved} seesAmounts={can.seesAmounts} />
      <div role="status" className="mb-3 text-slate-700">
        {rangeProblem || problem || (loading ? 'Adding up the logs…' : '')}
      </div>
      {report ? (
        <>
          <p className="mb-2 font-semibold">
            {formatDay(range.from)} – {formatDay(range.to)}
          </p>
          <ReportTable
            groups={report.groups}
            totals={report.totals}
            levels={levels}
            seesAmounts={can.seesAmounts}
            currency={currency}
            caption={caption}
          />
        </>
      ) : null}
      {workspaceId && !rangeProblem ? (
        <ReportEntries
          workspaceId={workspaceId}
          filter={filter}
          levels={levels}
          seesAmounts={can.seesAmounts}
          currency={currency}
          order={{ sort, direction }}
          onOrder={(next) => {
            setSort(next.sort);
            setDirection(next.direction);
          }}
        />
      ) : null}
    </section>
  );
}
