import type { Abilities } from '../../lib/abilities';
import { formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import type { TimeLog } from '../../lib/entities/time-log';
import { logProjectLine } from '../../lib/log-label';
import { formatMoney } from '../../lib/money';
import { logEconomy, type Lookups } from '../../lib/totals';
import { RichText } from '../../ui/rich-text/RichText';
import { LogWhoWhen } from '../../ui/time-logs/LogWhoWhen';
import { ApprovalBadge } from '../../ui/feedback/ApprovalBadge';

/** One log on /allHours: project and task, who and when, what it earns and whether approved. */
export function AllHoursRow({
  log,
  context,
  currency,
  selected,
  onToggle,
  can,
}: {
  log: TimeLog;
  context: Lookups;
  /** The workspace's currency, which the amount is in. */
  currency: string;
  can: Abilities;
  selected: boolean;
  onToggle: (log: TimeLog) => void;
}) {
  const duration = useDuration();
  const amount = logEconomy(log, context).billableMinor;
  const problem = can.logProblem(log, context.projectsById.get(log.projectId ?? ''), new Date());
  const project = logProjectLine(log, context.projectsById) || 'No project';
  const when = [
    log.date ? formatDay(log.date) : '',
    log.st && log.end ? `${log.st}–${log.end}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="flex gap-3 rounded bg-white p-3">
      <input
        type="checkbox"
        className="mt-1 h-4 w-4 shrink-0"
        checked={selected}
        onChange={() => onToggle(log)}
        aria-label={`Select ${project}${log.task ? ` · ${log.task}` : ''}${when ? `, ${when}` : ''}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {project}
            {log.task ? <span className="font-normal"> · {log.task}</span> : null}
            <ApprovalBadge status={log.status} note={log.reviewNote} />
          </p>
          <LogWhoWhen log={log} context={context} />
          <RichText html={log.desc} empty="Empty Description" />
          {problem ? (
            <p className="text-sm text-slate-700">
              <span aria-hidden="true">🔒 </span>
              {problem}
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <p className="font-mono tabular-nums">
            <span className="sr-only">Duration </span>
            {duration(log.dur, 'log')}
          </p>
          {can.seesAmounts ? (
            <p className="text-sm tabular-nums text-slate-700">
              <span className="sr-only">Billable amount </span>
              {formatMoney(amount, currency)}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
