import { Menu, MenuButton, MenuItem, MenuProvider } from '@ariakit/react';
import { useState } from 'react';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

const buttonClass = 'rounded border border-slate-300 px-2 py-1 text-sm font-semibold hover:bg-slate-50';

/**
 * The ACTION column's menu. Until first used it is a plain button: an Ariakit menu per row
 * costs milliseconds each, which adds up to seconds on a list of hundreds of rows.
 */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const [ready, setReady] = useState(false);
  if (!ready) {
    return (
      <button
        type="button"
        className={buttonClass}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setReady(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setReady(true);
          }
        }}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
    );
  }
  return (
    <MenuProvider defaultOpen>
      <MenuButton className={buttonClass} aria-label={label}>
        Actions <span aria-hidden="true">▾</span>
      </MenuButton>
      <Menu gutter={4} autoFocusOnShow className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={action.onSelect}
            className={`cursor-pointer rounded px-3 py-1.5 data-[active-item]:bg-brand-50 ${action.danger ? 'text-red-700' : ''}`}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuProvider>
  );
}
