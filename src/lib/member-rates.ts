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
