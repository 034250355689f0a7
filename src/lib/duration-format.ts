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

/**
 * How a workspace shows durations on screen (issue 47): on the clock (1:20, a log's own length
 * with its seconds, 1:20:05) or as decimal hours (1.33). Account setting → Workspace chooses it.
 */
export const durationFormats = ['clock', 'decimal'] as const;
export type DurationFormat = (typeof durationFormats)[number];

export const durationFormatLabels: Record<DurationFormat, string> = {
  clock: 'Hours and minutes (1:20)',
  decimal: 'Decimal hours (1.33)',
};

/** A stored or sent format as the code reads it: anything unknown is the clock. */
export const durationFormatOf = (value: unknown): DurationFormat =>
  value === 'decimal' ? 'decimal' : 'clock';

/**
 * A duration as the workspace shows it: a `total` (of a day, a project, a report) as 1:20 or 1.33;
 * one `log`'s length as 1:20:05 or 1.33.
 */
export function showDuration(
  seconds: number,
  format: DurationFormat,
  what: 'total' | 'log' = 'total',
): string {
  if (format === 'decimal') return formatHours(seconds);
  return formatDuration(seconds, what === 'log' ? 'clock' : 'short');
}
