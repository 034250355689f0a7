import { isValidDay } from '../../lib/day';
import { useQueryState } from '../list/use-query-state';

/** The days of a custom date range, kept in the URL as `from` and `to`. */
export interface CustomDaysState {
  /** The chosen days; `today` stands in for one missing or not a real day. */
  from: string;
  to: string;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  /** Both at once: switching to custom starts from the days on screen. */
  set: (days: { from: string; to: string }) => void;
}

export function useCustomDays(today: string): CustomDaysState {
  const [from, setFrom] = useQueryState<string>('from', '');
  const [to, setTo] = useQueryState<string>('to', '');
  return {
    from: isValidDay(from) ? from : today,
    to: isValidDay(to) ? to : today,
    setFrom,
    setTo,
    set: (days) => {
      setFrom(days.from);
      setTo(days.to);
    },
  };
}
