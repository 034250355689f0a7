import { isAdmin, leadsWork, type Role } from '../../lib/policy';

/** A sidebar entry: a link, or plain text for SPEC.md's placeholders we have no page for yet. */
export interface NavItem {
  label: string;
  href?: string;
  /** Shown only to Admins, or to those who review time (the page refuses everyone else anyway). */
  for?: 'admins' | 'reviewers';
}

/** A sidebar entry that expands to show its children. */
export interface NavGroup {
  label: string;
  children: NavItem[];
}

/** SPEC.md's sidebar, top to bottom. */
export const sidebar: (NavItem | NavGroup)[] = [
  { label: 'Track', href: '/login/' },
  { label: 'Projects', href: '/projects' },
  {
    label: 'Reports',
    children: [
      { label: 'All hours', href: '/allHours' },
      { label: 'Detailed report', href: '/reports/detailed' },
      { label: 'Dashboard', href: '/reports/dashboard' },
      { label: 'Team pivot', href: '/reports/pivot' },
      { label: 'Activity', href: '/reports/activity' },
      { label: 'Economy', href: '/reports/economy' },
      { label: 'Timesheet', href: '/reports/timesheet' },
      { label: 'Audit log', href: '/audit', for: 'admins' },
    ],
  },
  {
    label: 'Clients',
    children: [
      { label: 'Clients', href: '/clients' },
      { label: 'Invoices', href: '/invoices', for: 'admins' },
      { label: 'Uninvoiced', href: '/uninvoiced', for: 'admins' },
    ],
  },
  {
    label: 'Team',
    children: [
      { label: 'Team members', href: '/users' },
      { label: 'Approvals', href: '/approvals', for: 'reviewers' },
      { label: 'Teams', href: '/teams', for: 'admins' },
    ],
  },
  // In the shell (/app/…): the same pages as the public site's, beside the sidebar.
  { label: 'Helps', href: '/app/help' },
  { label: 'Apps', href: '/app/apps' },
  { label: "What's New", href: '/app/whatNew' },
  { label: 'Account setting', href: '/accountSetting' },
];

/** The sidebar as someone with `role` sees it. */
export function sidebarFor(role: Role): (NavItem | NavGroup)[] {
  const shown = (item: NavItem) =>
    item.for === undefined || (item.for === 'admins' ? isAdmin({ role }) : leadsWork({ role }));
  return sidebar.map((entry) =>
    isGroup(entry) ? { ...entry, children: entry.children.filter(shown) } : entry,
  );
}

/** True when `item` is an expandable group. */
export function isGroup(item: NavItem | NavGroup): item is NavGroup {
  return 'children' in item;
}

/** True when the link points at the page being shown (Track lives at /login/). */
export function isCurrent(href: string, path: string): boolean {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  // A help article is part of Helps.
  if (clean(href) === '/app/help') return clean(path).startsWith('/app/help');
  return clean(href) === clean(path);
}
