import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways when the table is wider than the screen; focusable and
 * named, so a keyboard can reach and scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
      tabIndex={0}
    >
      {children}
    </div>
  );
}
