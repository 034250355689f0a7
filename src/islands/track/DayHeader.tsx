import { useStore } from '@nanostores/react';
import { addDays, dayHeading, isValidDay, toDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import { $dayLogs, $shownDay, showDay } from '../../stores/track-day';

/** Heading with the shown day, the date input and previous / today / next. */
export function DayHeader() {
  const duration = useDuration();
  const day = useStore($shownDay);
  const { totalSeconds } = useStore($dayLogs);
  const heading = dayHeading(day);
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
      <h1 id="track-heading" className="text-3xl font-bold">
        <span className="sr-only">Time logs for </span>
        {heading.dayOfMonth} {heading.month}
      </h1>
      {/* On a phone the three buttons share a row and the date takes the next, whole: wrapped
          freely, "Next day" sat beside the date (issue 47). */}
      <div className="grid w-full grid-cols-3 items-end gap-2 xs:flex xs:w-auto xs:flex-wrap">
        <button type="button" className="btn-secondary" onClick={() => showDay(addDays(day, -1))}>
          <span aria-hidden="true">‹</span> Previous day
        </button>
        <button type="button" className="btn-secondary" onClick={() => showDay(toDay(new Date()))}>
          Today
        </button>
        <button type="button" className="btn-secondary" onClick={() => showDay(addDays(day, 1))}>
          Next day <span aria-hidden="true">›</span>
        </button>
        <label className="col-span-3 flex flex-col text-sm font-semibold">
          Date
          <input
            type="date"
            className="field-input"
            value={day}
            onChange={(e) => {
              if (isValidDay(e.target.value)) showDay(e.target.value);
            }}
          />
        </label>
      </div>
      <p className="w-full text-slate-700">
        Total for the day: <strong>{duration(totalSeconds)}</strong>
      </p>
    </div>
  );
}
