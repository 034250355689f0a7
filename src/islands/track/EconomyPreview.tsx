import { useStore } from '@nanostores/react';
import { parseDuration } from '../../lib/duration';
import { formatMoney } from '../../lib/money';
import type { TimeLogDraft } from '../../lib/time-log-form';
import { $economyContext, economyOfLog } from '../../stores/economy';

/** The ECONOMY area: the billable amount and labour cost this log would carry. */
export function EconomyPreview({ draft }: { draft: TimeLogDraft }) {
  const context = useStore($economyContext);
  const parsed = parseDuration(draft.duration);
  const economy = economyOfLog(
    {
      dur: parsed.ok ? parsed.seconds : 0,
      projectId: draft.projectId || null,
      taskId: draft.taskId || null,
      memberId: draft.memberId || null,
    },
    context,
  );
  return (
    <section aria-label="Economy" className="mb-4 rounded-md bg-slate-100 p-3">
      <h3 className="mb-1 text-sm font-bold">ECONOMY</h3>
      <p>
        Billable amount: <strong>{formatMoney(economy.billableMinor)}</strong> · Cost:{' '}
        <strong>{formatMoney(economy.costMinor)}</strong>
      </p>
    </section>
  );
}
