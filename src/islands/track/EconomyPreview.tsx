import { useStore } from '@nanostores/react';
import { parseDuration } from '../../lib/duration';
import { formatMoney } from '../../lib/money';
import { ratesOn } from '../../lib/member-rates';
import { whyNoBillableRate } from '../../lib/rates';
import { draftIsBillable } from '../../lib/draft-billable';
import type { TimeLogDraft } from '../../lib/time-log-form';
import { $currency } from '../../stores/access';
import { $economyContext, economyOfLog } from '../../stores/economy';

/** The ECONOMY area: the billable amount and labour cost this log would carry. */
export function EconomyPreview({ draft }: { draft: TimeLogDraft }) {
  const context = useStore($economyContext);
  const currency = useStore($currency);
  const parsed = parseDuration(draft.duration);
  const project = draft.projectId ? context.projectsById.get(draft.projectId) : undefined;
  const billable = draftIsBillable(draft, project);
  const economy = economyOfLog(
    {
      date: draft.date,
      dur: parsed.ok ? parsed.seconds : 0,
      projectId: draft.projectId || null,
      taskId: draft.taskId || null,
      memberId: draft.memberId || null,
      billable,
    },
    context,
  );
  const task = draft.taskId ? context.tasksById.get(draft.taskId) : undefined;
  const member = draft.memberId ? context.membersById.get(draft.memberId) : undefined;
  // A freelancer billing ₹0 by mistake is told why, before saving.
  const why = !billable
    ? 'This log is not billable.'
    : whyNoBillableRate({
        project,
        task,
        // The rate of the log's day, which an earlier rate period may set.
        member: member ? ratesOn(member, draft.date) : undefined,
        ...(project ? { projectName: project.projectName } : {}),
        ...(task ? { taskName: task.task } : {}),
        ...(member ? { memberName: member.name } : {}),
      });
  return (
    <section aria-label="Economy" className="mb-4 rounded-md bg-slate-100 p-3">
      <h3 className="mb-1 text-sm font-bold">ECONOMY</h3>
      <p>
        Billable amount: <strong>{formatMoney(economy.billableMinor, currency)}</strong> · Cost:{' '}
        <strong>{formatMoney(economy.costMinor, currency)}</strong>
      </p>
      {why && draft.projectId ? <p className="mt-1 text-sm text-slate-700">{why}</p> : null}
    </section>
  );
}
