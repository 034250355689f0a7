import type { DurationFormat } from './duration-format';
import { budgetUse, type BudgetUse } from './project-rows';
import type { ReportGroup, ReportTotals } from './report-spec';

// The Economy report's rows: each client, project or member with its money, the margin that
// money leaves, and for projects how much of the budget in hours is used.

export interface EconomyRow {
  key: string;
  label: string;
  totals: ReportTotals;
  /** Profit as a share of the billable amount, in tenths of a percent rounded; null without one. */
  marginPercent: number | null;
  /** Hours used of the budget over the whole history (projects with a budget only). */
  budget: BudgetUse | null;
}

/** Profit over billable amount as a percentage with one decimal, e.g. 3400 of 5650 → 60.2. */
export function marginPercent(t: ReportTotals): number | null {
  if (t.billableMinor === null || t.profitMinor === null || t.billableMinor === 0) return null;
  return Math.round((t.profitMinor * 1000) / t.billableMinor) / 10;
}

/**
 * The rows of a report grouped by one level, most billed first (then most hours, then by name);
 * `budgets` gives, by project id, the hours budget and the seconds tracked on it ever.
 */
export function economyRows(
  groups: readonly ReportGroup[],
  budgets: ReadonlyMap<string, { hours: number; seconds: number }> = new Map(),
  /** How the budget's hours are shown (the workspace's choice, issue 47). */
  format: DurationFormat = 'decimal',
): EconomyRow[] {
  return groups
    .map((g) => {
      const budget = budgets.get(g.key);
      return {
        key: g.key,
        label: g.label,
        totals: g.totals,
        marginPercent: marginPercent(g.totals),
        budget: budget && budget.hours > 0 ? budgetUse(budget.seconds, budget.hours, format) : null,
      };
    })
    .sort(
      (a, b) =>
        (b.totals.billableMinor ?? 0) - (a.totals.billableMinor ?? 0) ||
        b.totals.seconds - a.totals.seconds ||
        a.label.localeCompare(b.label),
    );
}
