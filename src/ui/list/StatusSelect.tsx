import { Select, SelectItem, SelectLabel, SelectPopover, SelectProvider } from '@ariakit/react';
import { statusFilters, type StatusFilter } from '../../lib/list-view';

interface StatusSelectProps {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}

/** All / Active / Archived in an Ariakit popover, operable with arrows, Enter and Escape. */
export function StatusSelect({ value, onChange }: StatusSelectProps) {
  return (
    <SelectProvider value={value} setValue={(next) => onChange(next as StatusFilter)}>
      <div className="flex items-center gap-2">
        <SelectLabel className="text-sm font-semibold text-slate-700">Status</SelectLabel>
        <Select className="btn-secondary min-w-28 justify-between gap-2" />
      </div>
      <SelectPopover
        gutter={4}
        className="z-50 min-w-32 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {statusFilters.map((status) => (
          <SelectItem
            key={status}
            value={status}
            className="cursor-pointer rounded px-3 py-1.5 data-[active-item]:bg-brand-50 aria-selected:font-semibold"
          />
        ))}
      </SelectPopover>
    </SelectProvider>
  );
}
