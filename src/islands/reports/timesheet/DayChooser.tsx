import { useDuration } from '../../../ui/time/use-duration';

/**
 * On a phone the timesheet shows one day at a time: seven buttons, each with its day's total,
 * choose which (the week's total stays in the table beside it).
 */
export function DayChooser({
  days,
  totals,
  chosen,
  name,
  onChoose,
}: {
  days: readonly string[];
  totals: readonly number[];
  chosen: number;
  name: (day: string) => string;
  onChoose: (index: number) => void;
}) {
  const duration = useDuration();
  return (
    <div role="group" aria-label="Day shown" className="mb-3 grid grid-cols-7 gap-1">
      {days.map((day, i) => (
        <button
          key={day}
          type="button"
          aria-pressed={i === chosen}
          className={`rounded border px-0.5 py-1 text-center text-xs ${i === chosen ? 'border-brand-700 bg-brand-50 font-semibold' : 'border-slate-300 bg-white'}`}
          onClick={() => onChoose(i)}
        >
          {/* Spaces between the lines, so the button reads "Mon 23 1:30". */}
          <span className="block">{name(day).split(' ')[0]}</span>{' '}
          <span className="block">{name(day).split(' ')[1]}</span>{' '}
          <span className="block tabular-nums">{duration(totals[i] ?? 0)}</span>
        </button>
      ))}
    </div>
  );
}
