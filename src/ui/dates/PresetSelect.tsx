import { presetLabels, type Preset } from '../../lib/date-presets';
import { oneOf } from '../../lib/list-view';

/** The Dates select of a report: `choices` in order, labelled as everywhere else. */
export function PresetSelect({
  id,
  value,
  choices,
  onChange,
}: {
  id: string;
  value: Preset;
  choices: readonly Preset[];
  onChange: (preset: Preset) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Dates
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(e) => onChange(oneOf(choices, e.target.value, value))}
      >
        {choices.map((p) => (
          <option key={p} value={p}>
            {presetLabels[p]}
          </option>
        ))}
      </select>
    </div>
  );
}
