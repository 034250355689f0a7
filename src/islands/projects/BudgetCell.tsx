import type { BudgetUse } from '../../lib/project-rows';

/**
 * A project's total hours against its budget. An overrun is said in words as well as in colour,
 * e.g. '11.33 of 10 h, 1.33 h over budget', so it does not rest on colour alone.
 */
export function BudgetCell({ use }: { use: BudgetUse }) {
  if (use.status === 'none') {
    return (
      <td data-label="Total hours" className="px-3 py-2 text-right tabular-nums">
        {use.used}
      </td>
    );
  }
  const over = use.status === 'over';
  return (
    <td
      data-label="Total hours"
      className={`px-3 py-2 text-right tabular-nums ${over ? 'bg-red-50 text-red-800' : ''}`}
    >
      {use.used}
      <span className={over ? '' : 'text-slate-600'}> of {use.budget} h</span>
      {over ? (
        <strong className="block font-semibold">
          <span className="sr-only">, </span>
          {use.over} h over budget
        </strong>
      ) : null}
    </td>
  );
}
