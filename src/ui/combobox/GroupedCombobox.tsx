import {
  Combobox,
  ComboboxGroup,
  ComboboxGroupLabel,
  ComboboxItem,
  ComboboxPopover,
  ComboboxProvider,
} from '@ariakit/react';
import { useId, useMemo, useState } from 'react';

/** One choice of the combobox, shown under its group heading. */
export interface ComboOption {
  value: string;
  label: string;
  group: string;
}

interface GroupedComboboxProps {
  label: string;
  options: readonly ComboOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  emptyText?: string;
}

/** The one choice left in `groups`, or null when there are none or several. */
function onlyMatch(groups: readonly (readonly [string, ComboOption[]])[]): ComboOption | null {
  const all = groups.flatMap(([, items]) => items);
  return all.length === 1 ? (all[0] ?? null) : null;
}

/** A combobox whose typing filters choices grouped under headings (e.g. projects by client). */
export function GroupedCombobox({
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
  emptyText = 'Nothing matches',
}: GroupedComboboxProps) {
  const selected = options.find((o) => o.value === value);
  const [search, setSearch] = useState<string | null>(null);
  const id = useId();
  const shown = search ?? selected?.label ?? '';

  const groups = useMemo(() => {
    const needle = (search ?? '').trim().toLowerCase();
    const matches = options.filter(
      (o) => !needle || `${o.group} ${o.label}`.toLowerCase().includes(needle),
    );
    const byGroup = new Map<string, ComboOption[]>();
    for (const option of matches)
      byGroup.set(option.group, [...(byGroup.get(option.group) ?? []), option]);
    return [...byGroup.entries()];
  }, [options, search]);

  return (
    <div className="mb-4">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <ComboboxProvider
        value={shown}
        setValue={(text) => setSearch(text)}
        selectedValue={value}
        setSelectedValue={(next) => {
          onChange(String(next));
          setSearch(null);
        }}
        // Closing the list (Enter, Escape, Tab, a click elsewhere) drops what was typed, so the
        // field always shows the choice that is selected, never a blank over a hidden one.
        setOpen={(open) => {
          if (!open) setSearch(null);
        }}
      >
        <Combobox
          id={id}
          placeholder={placeholder}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={() => setSearch(null)}
          // Typing until one choice is left and pressing Enter picks it (issue 29), as in
          // Toggl; without this Enter would submit the form with nothing chosen.
          onKeyDown={(event) => {
            const only = onlyMatch(groups);
            if (event.key !== 'Enter' || search === null || !only) return;
            event.preventDefault();
            onChange(only.value);
            setSearch(null);
          }}
        />
        <ComboboxPopover
          gutter={4}
          sameWidth
          unmountOnHide
          className="z-40 max-h-72 overflow-auto rounded-md border border-slate-300 bg-white p-1 shadow-lg"
        >
          {groups.length === 0 ? <div className="p-2 text-slate-600">{emptyText}</div> : null}
          {groups.map(([group, items]) => (
            <ComboboxGroup key={group}>
              <ComboboxGroupLabel className="px-2 pt-2 text-xs font-bold text-slate-600">
                {group}
              </ComboboxGroupLabel>
              {items.map((option) => (
                <ComboboxItem
                  key={option.value}
                  value={option.value}
                  setValueOnClick={false}
                  className="cursor-pointer rounded px-2 py-1 data-[active-item]:bg-brand-100 aria-selected:font-semibold"
                >
                  {option.label}
                </ComboboxItem>
              ))}
            </ComboboxGroup>
          ))}
        </ComboboxPopover>
      </ComboboxProvider>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
