import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { reviewGroups, type ReviewGroup } from '../../lib/approvals';
import { formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import { logProjectLine } from '../../lib/log-label';
import { $abilities, $workspaceRules } from '../../stores/access';
import { reviewLogs } from '../../stores/approvals';
import { $economyContext } from '../../stores/economy';
import { $timeLogs, type TimeLog } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { NotFound } from '../../ui/feedback/NotFound';
import { RichText } from '../../ui/rich-text/RichText';
import { RejectDialog } from './RejectDialog';
import { leadsWork } from '../../lib/policy';

/**
 * /approvals: the weeks team members submitted on projects the person reviews (a Manager's
 * projects, every project for Admins), per member and week, to approve or reject with a note.
 */
export function ApprovalsScreen() {
  const duration = useDuration();
  const can = useStore($abilities);
  const logs = useStore($timeLogs);
  const context = useStore($economyContext);
  const { weekStart } = useStore($workspaceRules);
  const [rejecting, setRejecting] = useState<ReviewGroup<TimeLog> | null>(null);
  const groups = useMemo(
    () =>
      reviewGroups(
        logs,
        weekStart,
        // A locked day's logs wait for an Admin, as the server would answer (src/lib/policy).
        (log) =>
          can.reviews(context.projectsById.get(log.projectId ?? ''), log.memberId) &&
          can.dayProblem(log.date, new Date()) === null,
      ),
    [logs, weekStart, can, context.projectsById],
  );

  if (!leadsWork(can))
    return (
      <NotFound
        title="Only Managers and Admins approve time"
        text="Submit your weeks on Track; a Manager of the project or an Admin reviews them here."
        backHref="/login/"
        backLabel="Back to Track"
      />
    );

  const nameOf = (memberId: string | null) =>
    (memberId ? context.membersById.get(memberId)?.name : undefined) ?? 'Someone not on the team';
  const titleOf = (group: ReviewGroup<TimeLog>) =>
    `${nameOf(group.memberId)}, week of ${formatDay(group.week.from)}`;
  const count = (n: number) => `${n} ${n === 1 ? 'log' : 'logs'}`;

  return (
    <section aria-labelledby="approvals-heading" className="p-4 desk:p-6">
      <h1 id="approvals-heading" className="mb-2 text-3xl font-bold">
        Approvals
      </h1>
      <p className="mb-4 max-w-2xl text-slate-700">
        Weeks your team submitted on projects that need approval. Approved logs can then be changed
        only by an Admin; rejected ones go back to their author with your note.
      </p>
      {groups.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700"
        >
          Nothing is waiting for your approval.
        </p>
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            aria-label={titleOf(group)}
            className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-bold">
                {titleOf(group)}{' '}
                <span className="font-normal text-slate-700">
                  · {count(group.logs.length)}, {duration(group.seconds)}
                </span>
              </h2>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    const done = reviewLogs(
                      group.logs.map((log) => log.id),
                      { status: 'approved' },
                    );
                    showToast(
                      done.saved
                        ? `Approved ${count(group.logs.length)} of ${titleOf(group)}`
                        : done.message,
                      done.saved ? done.undo : undefined,
                    );
                  }}
                >
                  Approve<span className="sr-only"> {titleOf(group)}</span>
                </button>
                <button type="button" className="btn-secondary" onClick={() => setRejecting(group)}>
                  Reject<span className="sr-only"> {titleOf(group)}</span>
                </button>
              </div>
            </div>
            <ul className="space-y-1">
              {group.logs.map((log) => (
                <li key={log.id} className="flex gap-3 border-t border-slate-100 pt-1">
                  <span className="w-28 shrink-0 tabular-nums">{formatDay(log.date)}</span>
                  <span className="min-w-0 flex-1">
                    {logProjectLine(log, context.projectsById) || 'No project'}
                    {log.task ? ` · ${log.task}` : ''}
                    <RichText html={log.desc} empty="" />
                  </span>
                  <span className="font-mono tabular-nums">{duration(log.dur, 'log')}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <RejectDialog
        title={rejecting ? `Reject ${titleOf(rejecting)}` : null}
        onClose={() => setRejecting(null)}
        onReject={(note) => {
          if (!rejecting) return;
          const done = reviewLogs(
            rejecting.logs.map((log) => log.id),
            { status: 'rejected', note },
          );
          showToast(
            done.saved
              ? `Rejected ${count(rejecting.logs.length)} of ${titleOf(rejecting)}`
              : done.message,
            done.saved ? done.undo : undefined,
          );
        }}
      />
    </section>
  );
}
