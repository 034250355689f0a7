// Showing durations, apart from reading typed ones (./duration.ts): the screens that only show
// them (Track's list and stopwatch) do not download the parser (issue 29's budget).

const pad = (n: number) => String(n).padStart(2, '0');

/** `clock` → h:mm:ss (stopwatch, log lists); `short` → h:mm (totals, form values). */
export function formatDuration(seconds: number, style: 'clock' | 'short' = 'clock'): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return style === 'clock' ? `${h}:${pad(m)}:${pad(s)}` : `${h}:${pad(m)}`;
}

/** Decimal hours with two decimals, e.g. 5400 s → "1.50". */
export function formatHours(seconds: number): string {
  return (Math.max(0, seconds) / 3600).toFixed(2);
}
