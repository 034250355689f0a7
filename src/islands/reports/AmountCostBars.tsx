import type { EconomyRow } from '../../lib/economy';

/**
 * Billable amount against labour cost, a pair of bars per row (the first `limit` rows), drawn as
 * a small SVG by hand like the dashboard's days. The table below the chart holds the same
 * figures and is what screen readers read; the drawing is hidden from them.
 */
export function AmountCostBars({ rows, limit = 8 }: { rows: EconomyRow[]; limit?: number }) {
  const shown = rows.slice(0, limit);
  const most = Math.max(
    1,
    ...shown.flatMap((r) => [r.totals.billableMinor ?? 0, r.totals.costMinor ?? 0]),
  );
  const labelWidth = 140;
  const barSpace = 320;
  const rowHeight = 30;
  const scale = (minor: number | null) => ((minor ?? 0) / most) * barSpace;
  const short = (text: string) => (text.length > 22 ? `${text.slice(0, 21)}…` : text);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-bold">Billable amount against labour cost</figcaption>
      <svg
        viewBox={`0 0 ${labelWidth + barSpace + 10} ${Math.max(1, shown.length) * rowHeight}`}
        className="w-full"
        aria-hidden="true"
      >
        {shown.map((row, i) => {
          const y = i * rowHeight;
          return (
            <g key={row.key}>
              <text x={0} y={y + 17} className="fill-slate-800 text-[11px]">
                {short(row.label)}
              </text>
              <rect
                x={labelWidth}
                y={y + 4}
                width={scale(row.totals.billableMinor)}
                height={10}
                className="fill-brand-700"
              />
              <rect
                x={labelWidth}
                y={y + 15}
                width={scale(row.totals.costMinor)}
                height={10}
                className="fill-amber-600"
              />
            </g>
          );
        })}
      </svg>
      <p className="mt-2 flex gap-4 text-sm text-slate-700">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-brand-700" />
          Billable amount
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-amber-600" />
          Labour cost
        </span>
        <span>The table below has every figure.</span>
      </p>
    </figure>
  );
}
