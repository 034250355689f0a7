import { Menu, MenuButton, MenuItem, useMenuStore } from '@ariakit/react';
import { useEffect, useState } from 'react';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

const buttonClass =
  'rounded border border-slate-300 px-2 py-1 text-sm font-semibold hover:bg-slate-50';

/**
 * The ACTION column's menu. Until first used it is a plain button: an Ariakit menu per row
 * costs milliseconds each, which adds up to seconds on a list of hundreds of rows.
 */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  // How the menu was first opened decides where focus lands, as Ariakit does for its own button:
  // on the first item from the keyboard, on the menu itself from a pointer.
  const [opened, setOpened] = useState<'container' | 'first' | 'last' | null>(null);
  if (!opened) {
    return (
      <button
        type="button"
        className={buttonClass}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        // A click from Enter or Space has detail 0; a pointer click counts its clicks.
        onClick={(event) => setOpened(event.detail === 0 ? 'first' : 'container')}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpened(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
    );
  }
  return <LoadedMenu label={label} actions={actions} initialFocus={opened} />;
}

function LoadedMenu({
  label,
  actions,
  initialFocus,
}: {
  label: string;
  actions: RowAction[];
  initialFocus: 'container' | 'first' | 'last';
}) {
  const menu = useMenuStore();
  useEffect(() => {
    menu.setInitialFocus(initialFocus);
    // Ariakit's own MenuButton turns this on for keyboard opening; our first button is plain.
    menu.setAutoFocusOnShow(initialFocus !== 'container');
    menu.show();
  }, [menu, initialFocus]);
  return (
    <>
      <MenuButton store={menu} className={buttonClass} aria-label={label}>
        Actions <span aria-hidden="true">▾</span>
      </MenuButton>
      <Menu
        store={menu}
        gutter={4}
        className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
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
    </>
  );
}
