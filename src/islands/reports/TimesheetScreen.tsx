import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { addDays, formatDay, isValidDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import {
  dayTotals,
  lastWeekRows,
  rowKey,
  timesheetRows,
  weekDays,
  type RowKey,
} from '../../lib/timesheet';
import { todayIn, weekStartOf } from '../../lib/workspace-rules';
import { $abilities, $workspaceRules } from '../../stores/access';
import { $projectChoices, $tasksByProject } from '../../stores/choices';
import { $economyContext } from '../../stores/economy';
import { $timeLogs, type TimeLog } from '../../stores/time-logs';
import { WeekSubmission } from '../../ui/time-logs/WeekSubmission';
import { useQueryState } from '../../ui/list/use-query-state';
import { AddTimesheetRow } from './timesheet/AddTimesheetRow';
import { commitCell } from './timesheet/cell-commit';
import { CellLogsDialog } from './timesheet/CellLogsDialog';
import { TimesheetCell } from './timesheet/TimesheetCell';
import { DayChooser } from './timesheet/DayChooser';
import { ReportDownloads } from './ReportDownloads';
import { reportQuery } from '../../stores/reports';
import { $cacheOwner } from '../../stores/sync/owner';
import { wholeRange } from '../../lib/report-spec';
import { useMediaQuery } from '../../ui/layout/use-media-query';

const weekday = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const dayName = (day: string) => weekday.format(new Date(`${day}T12:00:00`));

/**
 * /reports/timesheet: the person's week as a grid, a row per project and task, a column per day.
 * Typing a duration into a cell adds or changes a log at once (offline too, like Track).
 */
export function TimesheetScreen() {
  const duration = useDuration();
  const can = useStore($abilities);
  const rules = useStore($workspaceRules);
  const logs = useStore($timeLogs);
  const choices = useStore($projectChoices);
  const tasksByProject = useStore($tasksByProject);
  const { projectsById } = useStore($economyContext);
  const today = todayIn(rules.timeZone, new Date());
  const [weekParam, setWeekParam] = useQueryState<string>('week', '');
  const from = weekStartOf(isValidDay(weekParam) ? weekParam : today, rules.weekStart);
  const days = weekDays(from);
  const [extra, setExtra] = useState<Record<string, RowKey[]>>({});
  const [problem, setProblem] = useState<{ cell: string; message: string } | null>(null);
  const [opened, setOpened] = useState<{ row: RowKey; day: string } | null>(null);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  // Narrower than the week's grid (48rem plus the page's padding), one day at a time.
  const narrow = useMediaQuery('(max-width: 52rem)');
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const todayIndex = days.indexOf(today);
  const chosen = chosenDay !== null && days.includes(chosenDay) ? days.indexOf(chosenDay) : null;
  const dayIndex = chosen ?? (todayIndex >= 0 ? todayIndex : 0);
  const shown = narrow ? [dayIndex] : days.map((_, i) => i);

  const label = useMemo(() => {
    const names = new Map(choices.map((c) => [c.value, `${c.group} / ${c.label}`]));
    const tasks = new Map([...tasksByProject.values()].flat().map((t) => [t.id, t.label]));
    return (row: RowKey) => {
      const project =
        names.get(row.projectId) ?? projectsById.get(row.projectId)?.projectName ?? 'A project';
      return row.taskId ? `${project} · ${tasks.get(row.taskId) ?? 'a task'}` : project;
    };
  }, [choices, tasksByProject, projectsById]);
  const rows = useMemo(
    () =>
      timesheetRows(logs, { memberId: can.memberId, from, extraRows: extra[from] ?? [], label }),
    [logs, can.memberId, from, extra, label],
  );
  const totals = dayTotals(rows);
  const goTo = (day: string) => {
    setProblem(null);
    setWeekParam(day === weekStartOf(today, rules.weekStart) ? '' : day);
  };
  const addRows = (more: RowKey[]) =>
    setExtra((all) => {
      const have = new Set([...(all[from] ?? []), ...rows].map(rowKey));
      return {
        ...all,
        [from]: [...(all[from] ?? []), ...more.filter((r) => !have.has(rowKey(r)))],
      };
    });
  const cellReadOnly = (day: string, cellLogs: readonly TimeLog[], row: RowKey) => {
    const now = new Date();
    const [only] = cellLogs;
    if (only) return can.logProblem(only, projectsById.get(row.projectId), now);
    return can.dayProblem(day, now);
  };

  return (
    <section aria-labelledby="timesheet-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="timesheet-heading" className="text-3xl font-bold">
          Timesheet
        </h1>
        <ReportDownloads
          query={
            workspaceId
              ? `${reportQuery(workspaceId, wholeRange(from, addDays(from, 6)), [])}&kind=timesheet`
              : ''
          }
        />
      </div>
      <nav aria-label="Week" className="mb-4 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-secondary" onClick={() => goTo(addDays(from, -7))}>
          Previous week
        </button>
        <button type="button" className="btn-secondary" onClick={() => goTo(today)}>
          This week
        </button>
        <button type="button" className="btn-secondary" onClick={() => goTo(addDays(from, 7))}>
          Next week
        </button>
        <p className="font-semibold" aria-live="polite">
          {formatDay(days[0] ?? from)} – {formatDay(days[6] ?? from)}
        </p>
      </nav>
      <WeekSubmission day={from} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <AddTimesheetRow onAdd={(row) => addRows([row])} />
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            const copied = lastWeekRows(logs, can.memberId, from);
            addRows(copied);
            setProblem({
              cell: '',
              message: copied.length
                ? `Copied ${copied.length} ${copied.length === 1 ? 'row' : 'rows'} from last week.`
                : 'Last week has no time of yours to copy.',
            });
          }}
        >
          Copy last week’s rows
        </button>
      </div>
      <p
        id="timesheet-problem"
        role={problem?.cell ? 'alert' : 'status'}
        className={`mb-2 min-h-6 ${problem?.cell ? 'text-red-800' : 'text-slate-700'}`}
      >
        {problem?.message}
      </p>
      {narrow ? (
        <DayChooser
          days={days}
          totals={totals.days}
          chosen={dayIndex}
          name={dayName}
          onChoose={(i) => setChosenDay(days[i] ?? null)}
        />
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className={`w-full text-left ${narrow ? '' : 'min-w-[48rem]'}`}>
          <caption className="sr-only">Timesheet, week of {formatDay(from)}</caption>
          <thead className="bg-slate-50 text-sm">
            <tr>
              <th scope="col" className="px-3 py-2">
                Project and task
              </th>
              {shown.map((i) => (
                <th key={days[i]} scope="col" className="w-24 px-2 py-2 text-right">
                  {dayName(days[i] ?? from)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right">
                {narrow ? 'Week' : 'Total'}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={shown.length + 2} className="px-3 py-4 text-slate-700">
                  No time this week yet. Add a row, or copy last week’s rows.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 font-normal">
                    {label(row)}
                  </th>
                  {shown.map((i) => {
                    const day = days[i] ?? from;
                    const cellLogs = row.cells[i] ?? [];
                    const cell = `${row.key}|${day}`;
                    return (
                      <td key={day} className="px-1 py-1">
                        <TimesheetCell
                          label={`${label(row)}, ${dayName(day)}`}
                          logs={cellLogs}
                          readOnly={cellLogs.length > 1 ? null : cellReadOnly(day, cellLogs, row)}
                          problemId={problem?.cell === cell ? 'timesheet-problem' : undefined}
                          onCommit={(text) => {
                            const message = commitCell(text, cellLogs, {
                              day,
                              projectId: row.projectId,
                              taskId: row.taskId,
                              memberId: can.memberId,
                            });
                            setProblem(message ? { cell, message } : null);
                          }}
                          onOpen={() => setOpened({ row, day })}
                        />
                      </td>
                    );
                  })}
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">
                    {duration(row.seconds)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 font-bold">
            <tr>
              <th scope="row" className="px-3 py-2">
                Total
              </th>
              {shown.map((i) => (
                <td key={days[i]} className="px-2 py-2 text-right tabular-nums">
                  {duration(totals.days[i] ?? 0)}
                </td>
              ))}
              <td className="px-3 py-2 text-right tabular-nums">{duration(totals.week)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {opened ? (
        <CellLogsDialog
          title={`${label(opened.row)}, ${dayName(opened.day)}`}
          logs={
            rows.find((r) => r.key === rowKey(opened.row))?.cells[days.indexOf(opened.day)] ?? []
          }
          place={{ ...opened.row, day: opened.day, memberId: can.memberId }}
          readOnly={(log) =>
            can.logProblem(log, projectsById.get(opened.row.projectId), new Date())
          }
          onClose={() => setOpened(null)}
        />
      ) : null}
    </section>
  );
}
