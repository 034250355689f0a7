import type { SortDirection } from '../../lib/list-view';

interface SortHeaderProps {
  label: string;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
}

/** A column header that sorts the table; screen readers hear the order through aria-sort. */
export function SortHeader({ label, active, direction, onSort, className = '' }: SortHeaderProps) {
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-3 py-2 text-left ${className}`}>
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-1 font-bold uppercase hover:text-brand-700"
      >
        {label}
        <span aria-hidden="true" className="text-xs">
          {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
