import { useStore } from '@nanostores/react';
import { useDuration } from '../../ui/time/use-duration';
import { logProjectLine } from '../../lib/log-label';
import { formatMoney } from '../../lib/money-format';
import { $abilities, $currency } from '../../stores/access';
import { $economyContext, economyOfLog } from '../../stores/economy';
import { continueLog } from '../../stores/timer';
import { removeTimeLog, type TimeLog } from '../../stores/time-log-list';
import { showToast } from '../../stores/toast';
import { copyLog } from '../../stores/track-day';
import { copyTarget } from '../../lib/copy-target';
import { LogWhoWhen } from '../../ui/time-logs/LogWhoWhen';
import { RichText } from '../../ui/rich-text/RichText';
import { ApprovalBadge } from '../../ui/feedback/ApprovalBadge';

/** One saved log: what, for whom, how long, its amount, and its actions. */
export function LogItem({ log, onEdit }: { log: TimeLog; onEdit: (log: TimeLog) => void }) {
  const duration = useDuration();
  const context = useStore($economyContext);
  const economy = economyOfLog(log, context);
  const title = log.client || log.task || log.tags ? null : 'Add a Project,task or tag';
  const name = logProjectLine(log, context.projectsById) || 'No project';
  const can = useStore($abilities);
  const currency = useStore($currency);
  // A locked or approved log is shown with the reason instead of actions that would be refused.
  const problem = can.logProblem(log, context.projectsById.get(log.projectId ?? ''), new Date());
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {title ?? (
            <>
              {name}
              {log.task ? <span className="font-normal text-slate-700"> · {log.task}</span> : null}
            </>
          )}
          <ApprovalBadge status={log.status} note={log.reviewNote} />
          {log.billable === false ? (
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-normal text-slate-800">
              Non-billable
            </span>
          ) : null}
          {log.invoicedElsewhere === true ? (
            // Imported as invoiced in another tool (issue 32): Uninvoiced never offers it.
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-normal text-slate-800">
              Invoiced outside Hourmark
            </span>
          ) : null}
        </p>
        <LogWhoWhen log={log} context={context} />
        {log.tags ? <p className="text-sm text-slate-700">Tags: {log.tags}</p> : null}
        <div className="mt-1 text-slate-800">
          <RichText html={log.desc} empty="Empty Description" />
        </div>
        {problem ? (
          <p className="mt-1 text-sm text-slate-700">
            <span aria-hidden="true">🔒 </span>
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <p className="font-mono text-lg tabular-nums">
          <span className="sr-only">Duration </span>
          {duration(log.dur, 'log')}
        </p>
        {can.seesAmounts ? (
          <p className="text-sm text-slate-700">{formatMoney(economy.billableMinor, currency)}</p>
        ) : null}
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => continueLog(log)}
          >
            <span aria-hidden="true">▶</span>
            <span className="sr-only">Continue {name}</span>
          </button>
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => {
              const target = copyTarget(log.date, problem, can.dayProblem, new Date());
              if (!target.ok) return showToast(target.message);
              const copy = copyLog(log, target.day);
              showToast(
                copy.saved ? target.said : copy.message,
                copy.saved ? () => void removeTimeLog(copy.log.id) : undefined,
              );
            }}
          >
            Copy<span className="sr-only"> {name}</span>
          </button>
          {problem ? null : (
            <>
              <button type="button" className="btn-secondary px-2 py-1" onClick={() => onEdit(log)}>
                Edit<span className="sr-only"> {name}</span>
              </button>
              <button
                type="button"
                className="btn-secondary px-2 py-1"
                onClick={() => showToast('Time log removed', removeTimeLog(log.id).undo)}
              >
                Remove<span className="sr-only"> {name}</span>
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
