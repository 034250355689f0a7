// The date ranges every report offers, as inclusive 'YYYY-MM-DD' days of the workspace's
// calendar (its week start); "last month" opened later is that later day's last month.
import { addDays } from './day';
import { weekStartOf } from './workspace-rules';

export const presets = [
  'today',
  'this-week',
  'last-week',
  'this-month',
  'last-month',
  'this-year',
  'custom',
] as const;
/** A preset every report offers (and a saved report can keep). */
export type ReportPreset = (typeof presets)[number];

/**
 * Every preset: the reports' ones, and "Everything up to today" (the last ten years, as far as
 * a report goes), which only screens of what is left to do (Uninvoiced) offer.
 */
export type Preset = (typeof presets)[number] | 'up-to-today';

export const presetLabels: Record<Preset, string> = {
  today: 'Today',
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom',
  'up-to-today': 'Everything up to today',
};

const lastOfMonth = (firstDay: string) => {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
};

/** The days `preset` covers on `today` (null for custom, which the person chooses). */
export function presetRange(
  preset: Preset,
  today: string,
  weekStart: number,
): { from: string; to: string } | null {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this-week': {
      const from = weekStartOf(today, weekStart);
      return { from, to: addDays(from, 6) };
    }
    case 'last-week': {
      const from = addDays(weekStartOf(today, weekStart), -7);
      return { from, to: addDays(from, 6) };
    }
    case 'this-month': {
      const from = `${today.slice(0, 7)}-01`;
      return { from, to: lastOfMonth(from) };
    }
    case 'last-month': {
      const to = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'up-to-today':
      return { from: addDays(today, -3650), to: today };
    case 'custom':
      return null;
  }
}
