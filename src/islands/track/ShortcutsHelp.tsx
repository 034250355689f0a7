import { lazy, Suspense, useState } from 'react';

const ShortcutsPopover = lazy(() => import('./ShortcutsPopover'));

/**
 * 'Keyboard shortcuts': a plain button until first pressed, so Ariakit's popover code is not
 * part of what Track loads before anyone needs it (issue 4's 100 KB budget).
 */
export function ShortcutsHelp() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      // A phone or tablet without a keyboard has no use for shortcuts (issue 47): hidden where
      // the main pointer is a finger and nothing hovers; a tablet with a keyboard keeps `n` etc.
      className="btn-secondary [@media(hover:none)_and_(pointer:coarse)]:hidden"
      aria-expanded={false}
      onClick={() => setWanted(true)}
    >
      Keyboard shortcuts
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ShortcutsPopover />
    </Suspense>
  );
}
