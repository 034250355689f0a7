import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { weekOf, weekSubmission } from '../../lib/approvals';
import { formatDay } from '../../lib/day';
import { $abilities, $workspaceRules } from '../../stores/access';
import { submitLogs } from '../../stores/approvals';
import { $economyContext } from '../../stores/economy';
import { $timeLogs } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';

/**
 * On Track, for someone with logs on projects that need approval: how many of the shown day's
 * week wait to be sent, and Submit week, which sends them for review (read-only until then).
 */
export function WeekSubmission({ day }: { day: string }) {
  const logs = useStore($timeLogs);
  const { projectsById } = useStore($economyContext);
  const { weekStart } = useStore($workspaceRules);
  const can = useStore($abilities);
  const week = useMemo(() => weekOf(day, weekStart), [day, weekStart]);
  const { toSubmit, submitted } = useMemo(
    () =>
      weekSubmission(logs, {
        memberId: can.memberId,
        week,
        needsApproval: (id) => projectsById.get(id ?? '')?.approval === true,
        locked: (day) => can.dayProblem(day, new Date()) !== null,
      }),
    [logs, can, week, projectsById],
  );
  if (toSubmit.length === 0 && submitted.length === 0) return null;
  const range = `${formatDay(week.from)} – ${formatDay(week.to)}`;
  const count = (n: number) => `${n} ${n === 1 ? 'log' : 'logs'}`;
  return (
    <section
      aria-label="Approval of this week"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3"
    >
      <p>
        Week of {range}:{' '}
        {toSubmit.length > 0
          ? `${count(toSubmit.length)} to submit for approval`
          : `${count(submitted.length)} submitted, waiting for review`}
        {toSubmit.length > 0 && submitted.length > 0
          ? `, ${count(submitted.length)} already submitted`
          : ''}
        .
      </p>
      {toSubmit.length > 0 ? (
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            const sent = submitLogs(toSubmit.map((log) => log.id));
            showToast(
              sent.saved
                ? `Submitted ${count(toSubmit.length)} of the week of ${formatDay(week.from)} for approval`
                : sent.message,
              sent.saved ? sent.undo : undefined,
            );
          }}
        >
          Submit week
        </button>
      ) : null}
    </section>
  );
}
