import type { ReactNode } from 'react';
import { AppShell } from '../../ui/shell/AppShell';

/**
 * Help, Apps and What's New inside the signed-in shell (/app/…): the page's static content,
 * rendered by Astro, shown beside the sidebar, so signed-in people stay in the app.
 */
export default function ContentIsland({
  path,
  label,
  children,
}: {
  path: string;
  label: string;
  children?: ReactNode;
}) {
  return (
    <AppShell path={path} label={label}>
      <div className="bg-white">{children}</div>
    </AppShell>
  );
}
