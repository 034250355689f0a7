import { useStore } from '@nanostores/react';
import { presetRange, type Preset } from '../../lib/date-presets';
import { oneOf } from '../../lib/list-view';
import { todayIn } from '../../lib/workspace-rules';
import { $workspaceRules } from '../../stores/access';
import { useQueryState } from './use-query-state';

/**
 * A report's date preset, kept in the URL as `range` (one of `choices`, else `fallback`), and
 * the days it means today in the workspace's time zone and week.
 */
export function usePresetRange(choices: readonly Preset[], fallback: Preset) {
  const rules = useStore($workspaceRules);
  const [preset, setPreset] = useQueryState<Preset>('range', fallback, (raw) =>
    oneOf(choices, raw, fallback),
  );
  const today = todayIn(rules.timeZone, new Date());
  const range = presetRange(preset, today, rules.weekStart) ?? { from: today, to: today };
  return { preset, setPreset, range, today };
}
