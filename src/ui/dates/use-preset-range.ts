import { useStore } from '@nanostores/react';
import { presetRange, type Preset } from '../../lib/date-presets';
import { oneOf } from '../../lib/list-view';
import { todayIn } from '../../lib/workspace-rules';
import { $workspaceRules } from '../../stores/access';
import { useCustomDays } from './use-custom-days';
import { useQueryState } from '../list/use-query-state';

/**
 * A report's date preset, kept in the URL as `range` (one of `choices`, else `fallback`), and
 * the days it means today in the workspace's time zone and week. When `choices` holds 'custom',
 * `custom` keeps its days (`from` and `to` in the URL).
 */
export function usePresetRange(choices: readonly Preset[], fallback: Preset) {
  const rules = useStore($workspaceRules);
  const [preset, setPreset] = useQueryState<Preset>('range', fallback, (raw) =>
    oneOf(choices, raw, fallback),
  );
  const today = todayIn(rules.timeZone, new Date());
  const custom = useCustomDays(today);
  const range = presetRange(preset, today, rules.weekStart) ?? custom;
  /** Switching to custom starts from the days on screen, so the person only moves an end. */
  const choosePreset = (next: Preset) => {
    if (next === 'custom' && preset !== 'custom') custom.set(range);
    setPreset(next);
  };
  return {
    preset,
    setPreset: choosePreset,
    range: { from: range.from, to: range.to },
    today,
    custom,
  };
}
