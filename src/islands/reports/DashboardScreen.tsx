import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { topGroups, weekBars } from '../../lib/dashboard';
import { presetRange } from '../../lib/date-presets';
import { addDays, formatDay } from '../../lib/day';
// The running stopwatch ticks on the clock whatever the workspace shows (docs/spec-notes.md).
import { formatDuration } from '../../lib/duration-format';
import { useDuration } from '../../ui/time/use-duration';
import { formatMoney } from '../../lib/money';
import { budgetUse } from '../../lib/project-rows';
import { wholeRange, type Grouping, type Report, type ReportTotals } from '../../lib/report-spec';
import { todayIn } from '../../lib/workspace-rules';
import { $abilities, $currency, $durationFormat, $workspaceRules } from '../../stores/access';
import { $projects } from '../../stores/projects';
import { loadReport, reportQuery } from '../../stores/reports';
import { ReportDownloads } from './ReportDownloads';
import { $cacheOwner } from '../../stores/sync/owner';
import { $now, $timer, elapsedSeconds } from '../../stores/timer';
import { DayBars } from './DayBars';
import { groupLabel } from '../../lib/report-labels';

interface Figures {
  week: Report;
  month: Report;
  days: Report;
  projects: Report;
  clients: Report;
  allTime: Report;
}

/** This week and this month at a glance, from the server's reports over the whole history. */
export function DashboardScreen() {
  const can = useStore($abilities);
  const currency = useStore($currency);
  const rules = useStore($workspaceRules);
  const durationFormat = useStore($durationFormat);
  const projects = useStore($projects);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  const today = todayIn(rules.timeZone, new Date());
  const week = presetRange('this-week', today, rules.weekStart) ?? { from: today, to: today };
  const month = presetRange('this-month', today, rules.weekStart) ?? { from: today, to: today };
  const [figures, setFigures] = useState<Figures | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!workspaceId) return;
    const ask = (from: string, to: string, groups: Grouping[]) =>
      loadReport(workspaceId, wholeRange(from, to), groups);
    // Budgets count every hour: ten years back is as far as a report goes.
    const since = addDays(today, -3650);
    void Promise.all([
      ask(week.from, week.to, []),
      ask(month.from, month.to, []),
      ask(week.from, week.to, ['day', 'billable']),
      ask(month.from, month.to, ['project']),
      ask(month.from, month.to, ['client']),
      ask(since, today, ['project']),
    ]).then((results) => {
      const failed = results.find((r) => !r.ok);
      if (failed && !failed.ok) return setProblem(failed.message);
      const [w, m, d, p, c, all] = results.map((r) => (r.ok ? r.report : null));
      if (w && m && d && p && c && all)
        setFigures({ week: w, month: m, days: d, projects: p, clients: c, allTime: all });
    });
  }, [workspaceId, today, week.from, week.to, month.from, month.to]);

  const budgets = useMemo(() => {
    if (!figures) return [];
    const used = new Map(figures.allTime.groups.map((g) => [g.key, g.totals.seconds]));
    return projects
      .filter((p) => p.status === 'Active' && p.hours > 0)
      .map((p) => {
        const seconds = used.get(p.id) ?? 0;
        return { project: p, seconds, use: budgetUse(seconds, p.hours, durationFormat) };
      })
      .sort((a, b) => b.seconds / b.project.hours - a.seconds / a.project.hours);
  }, [figures, projects, durationFormat]);

  return (
    <section aria-labelledby="dashboard-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="dashboard-heading" className="text-3xl font-bold">
          Dashboard
        </h1>
        <ReportDownloads
          query={
            workspaceId
              ? `${reportQuery(workspaceId, wholeRange(month.from, month.to), [])}&kind=dashboard`
              : ''
          }
        />
      </div>
      <RunningStopwatch />
      <div role="status" className="mb-3 text-slate-700">
        {problem || (figures ? '' : 'Adding up your time…')}
      </div>
      {figures ? (
        <>
          <div className="mb-6 grid gap-4 desk:grid-cols-2">
            <Glance
              title={`This week, ${formatDay(week.from)} – ${formatDay(week.to)}`}
              totals={figures.week.totals}
              seesAmounts={can.seesAmounts}
              currency={currency}
            />
            <Glance
              title={`This month, ${formatDay(month.from)} – ${formatDay(month.to)}`}
              totals={figures.month.totals}
              seesAmounts={can.seesAmounts}
              currency={currency}
            />
          </div>
          <div className="mb-6 grid gap-4 desk:grid-cols-3">
            <DayBars bars={weekBars(week.from, figures.days.groups)} />
            <Ranking
              title="Top projects this month"
              groups={figures.projects.groups}
              by="project"
            />
            <Ranking title="Top clients this month" groups={figures.clients.groups} by="client" />
          </div>
          <section
            aria-labelledby="budgets-heading"
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id="budgets-heading" className="mb-2 font-bold">
              Project budgets
            </h2>
            {budgets.length === 0 ? (
              <p className="text-slate-700">No active project has a budget in hours.</p>
            ) : (
              <ul className="space-y-2">
                {budgets.map(({ project, seconds, use }) => {
                  const share = Math.min(1, seconds / 3600 / project.hours);
                  const over = use.status === 'over';
                  return (
                    <li key={project.id}>
                      <p className={over ? 'font-semibold text-red-800' : ''}>
                        {project.projectName}: {use.used} of{' '}
                        {'budget' in use ? use.budget : project.hours} h
                        {over ? `, ${use.status === 'over' ? use.over : ''} h over budget` : ''}
                      </p>
                      <div aria-hidden="true" className="h-2 w-full rounded bg-slate-200">
                        <div
                          className={`h-2 rounded ${over ? 'bg-red-700' : 'bg-brand-700'}`}
                          style={{ width: `${share * 100}%` }}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}

function Glance({
  title,
  totals,
  seesAmounts,
  currency,
}: {
  title: string;
  totals: ReportTotals;
  seesAmounts: boolean;
  currency: string;
}) {
  const duration = useDuration();
  const money = (minor: number | null) => formatMoney(minor ?? 0, currency);
  const items: [string, string][] = [
    ['Hours', duration(totals.seconds)],
    ['Billable hours', duration(totals.billableSeconds)],
    ...(seesAmounts
      ? ([
          ['Billable amount', money(totals.billableMinor)],
          ['Labour cost', money(totals.costMinor)],
          ['Profit', money(totals.profitMinor)],
        ] as [string, string][])
      : []),
    ['Expenses', money(totals.expensesMinor)],
  ];
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-bold">{title}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Ranking({ title, groups, by }: { title: string; groups: Report['groups']; by: Grouping }) {
  const duration = useDuration();
  const top = topGroups(groups, 5);
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-bold">{title}</h2>
      {top.length === 0 ? (
        <p className="text-slate-700">No time this month yet.</p>
      ) : (
        <ol className="space-y-1">
          {top.map((g) => (
            <li key={g.key} className="flex justify-between gap-3">
              <span>{groupLabel(by, g.label)}</span>
              <span className="tabular-nums">{duration(g.totals.seconds)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The running stopwatch, if any, with a way to it. */
function RunningStopwatch() {
  const timer = useStore($timer);
  const now = useStore($now);
  if (timer.status !== 'running') return null;
  return (
    <p className="mb-4 rounded-lg border border-brand-100 bg-brand-50 p-3">
      The stopwatch is running:{' '}
      <strong className="tabular-nums">{formatDuration(elapsedSeconds(timer, now))}</strong>.{' '}
      <a href="/login/" className="text-brand-700 underline">
        Open Track
      </a>
    </p>
  );
}
