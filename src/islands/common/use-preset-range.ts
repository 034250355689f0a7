import { useStore } from '@nanostores/react';
import { presetRange, type Preset } from '../../lib/date-presets';
import { isValidDay } from '../../lib/day';
import { oneOf } from '../../lib/list-view';
import { todayIn } from '../../lib/workspace-rules';
import { $workspaceRules } from '../../stores/access';
import { useQueryState } from './use-query-state';

/**
 * A report's date preset, kept in the URL as `range` (one of `choices`, else `fallback`), and
 * the days it means today in the workspace's time zone and week. When `choices` holds 'custom',
 * its days are kept as `from` and `to`; `chooseDays` sets them.
 */
export function usePresetRange(choices: readonly Preset[], fallback: Preset) {
  const rules = useStore($workspaceRules);
  const [preset, setPreset] = useQueryState<Preset>('range', fallback, (raw) =>
    oneOf(choices, raw, fallback),
  );
  const [customFrom, setCustomFrom] = useQueryState<string>('from', '');
  const [customTo, setCustomTo] = useQueryState<string>('to', '');
  const today = todayIn(rules.timeZone, new Date());
  const range = presetRange(preset, today, rules.weekStart) ?? {
    from: isValidDay(customFrom) ? customFrom : today,
    to: isValidDay(customTo) ? customTo : today,
  };
  const chooseDays = (days: { from?: string; to?: string }) => {
    if (days.from !== undefined) setCustomFrom(days.from);
    if (days.to !== undefined) setCustomTo(days.to);
  };
  /** Switching to custom starts from the days on screen, so the person only moves an end. */
  const choosePreset = (next: Preset) => {
    if (next === 'custom' && preset !== 'custom') chooseDays(range);
    setPreset(next);
  };
  return { preset, setPreset: choosePreset, range, today, chooseDays };
}
