import { Menu, MenuButton, MenuItem, MenuProvider } from '@ariakit/react';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The ACTION column's menu: a button named after the row, items for each action. */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <MenuProvider>
      <MenuButton className="rounded border border-slate-300 px-2 py-1 text-sm font-semibold hover:bg-slate-50" aria-label={label}>
        Actions <span aria-hidden="true">▾</span>
      </MenuButton>
      <Menu gutter={4} className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
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
