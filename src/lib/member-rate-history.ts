import { addDays } from './day';
import type { RatedMember, RatePeriod, RateChangeScope } from './member-rates';

// Changing a member's rates, apart from reading them (./member-rates.ts): only the team screens
// change them, and Track's first visit reads rates without downloading this (issue 29's budget).

/**
 * The history after the current rates are replaced. 'from-today' keeps yesterday and before at
 * the rates they had (one more period, ending yesterday, unless one already does); 'all-time'
 * drops the history, so every log is billed at the new rates. Invoiced logs keep their amounts
 * whichever is chosen (the invoice holds them).
 */
export function historyAfterChange(
  member: RatedMember,
  scope: RateChangeScope,
  today: string,
): RatePeriod[] {
  if (scope === 'all-time') return [];
  const yesterday = addDays(today, -1);
  const kept = (member.rateHistory ?? []).filter((period) => period.until <= yesterday);
  const last = kept.at(-1);
  if (last?.until === yesterday) return kept;
  return [
    ...kept,
    { until: yesterday, LoborRate: member.LoborRate, BillableRate: member.BillableRate },
  ];
}
