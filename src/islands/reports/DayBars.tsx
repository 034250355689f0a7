import { formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import type { DayBar } from '../../lib/dashboard';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });

/**
 * Hours per day as stacked bars (billable below, non-billable above), drawn as a small SVG by
 * hand: seven bars need no chart library. The same figures are in the table beside it, which is
 * what screen readers read (the drawing is hidden from them).
 */
export function DayBars({ bars }: { bars: DayBar[] }) {
  const duration = useDuration();
  const most = Math.max(3600, ...bars.map((b) => b.billableSeconds + b.otherSeconds));
  const height = 120;
  const scale = (seconds: number) => (seconds / most) * height;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-bold">Hours per day this week</figcaption>
      <svg
        viewBox={`0 0 ${bars.length * 40} ${height + 20}`}
        className="h-40 w-full"
        aria-hidden="true"
      >
        {bars.map((bar, i) => {
          const billable = scale(bar.billableSeconds);
          const other = scale(bar.otherSeconds);
          const x = i * 40 + 8;
          const date = new Date(`${bar.day}T12:00:00`);
          return (
            <g key={bar.day}>
              <rect
                x={x}
                y={height - billable}
                width={24}
                height={billable}
                className="fill-brand-700"
              />
              <rect
                x={x}
                y={height - billable - other}
                width={24}
                height={other}
                className="fill-slate-400"
              />
              <text
                x={x + 12}
                y={height + 14}
                textAnchor="middle"
                className="fill-slate-700 text-[10px]"
              >
                {weekday.format(date)}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="mb-2 flex gap-4 text-sm text-slate-700">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-brand-700" />
          Billable
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-slate-400" />
          Non-billable
        </span>
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">
          Hours per day as a table
        </summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Hours per day this week</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left">
                Day
              </th>
              <th scope="col" className="text-right">
                Billable
              </th>
              <th scope="col" className="text-right">
                Non-billable
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.day}>
                <th scope="row" className="text-left font-normal">
                  {formatDay(bar.day)}
                </th>
                <td className="text-right tabular-nums">{duration(bar.billableSeconds)}</td>
                <td className="text-right tabular-nums">{duration(bar.otherSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
