import { addDays } from './day';

/** Rates that applied up to and including `until` (YYYY-MM-DD), before a later change. */
export interface RatePeriod {
  until: string;
  LoborRate: number;
  BillableRate: number;
}

/** A member's rates now, and the earlier periods that logs of those days still use. */
export interface RatedMember {
  LoborRate: number;
  BillableRate: number;
  rateHistory?: readonly RatePeriod[] | undefined;
}

/** Whether new rates start today or replace the rates of every log not yet invoiced. */
export type RateChangeScope = 'from-today' | 'all-time';

/**
 * The rates of a log on `day`: the first earlier period that reaches it, otherwise the current
 * rates (also for a log without a date, as the original app stored them).
 */
export function ratesOn(
  member: RatedMember,
  day: string,
): { LoborRate: number; BillableRate: number } {
  if (day) {
    for (const period of member.rateHistory ?? []) {
      if (day <= period.until)
        return { LoborRate: period.LoborRate, BillableRate: period.BillableRate };
    }
  }
  return { LoborRate: member.LoborRate, BillableRate: member.BillableRate };
}

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
