import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $cacheOwner } from '../../stores/sync/owner';
import { $abilities } from '../../stores/access';
import { isCurrent, isGroup, sidebarFor, type NavGroup, type NavItem } from './nav-items';
import { NoticesBell } from './NoticesBell';
import { TrialBanner } from './TrialBanner';
import { WorkspaceMenu } from './WorkspaceMenu';

function Item({ item, path }: { item: NavItem; path: string }) {
  if (!item.href) return <span className="block px-3 py-2 text-slate-300">{item.label}</span>;
  const current = isCurrent(item.href, path);
  return (
    <a
      href={item.href}
      aria-current={current ? 'page' : undefined}
      className={`block rounded px-3 py-2 hover:bg-brand-800 ${current ? 'bg-brand-800 font-semibold' : ''}`}
    >
      {item.label}
    </a>
  );
}

function Group({ group, path }: { group: NavGroup; path: string }) {
  const holdsCurrent = group.children.some((c) => c.href && isCurrent(c.href, path));
  const [open, setOpen] = useState(holdsCurrent);
  const id = `nav-${group.label.toLowerCase()}`;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded px-3 py-2 text-left hover:bg-brand-800"
      >
        {group.label}
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      <ul id={id} hidden={!open} className="ml-3 border-l border-brand-700 pl-2">
        {group.children.map((child) => (
          <li key={child.label}>
            <Item item={child} path={path} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Signs out once what is waiting has reached the server, or the person agrees to lose it. */
async function signOut(): Promise<void> {
  const { signOutSafely } = await import('../../stores/sync/sign-out');
  await signOutSafely((waiting) =>
    window.confirm(
      `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet (you seem to be offline). Sign out anyway and lose ${waiting === 1 ? 'it' : 'them'}?`,
    ),
  );
}

/** The signed-in navigation of SPEC.md with its expandable groups and Log out. */
export function Sidebar({ path }: { path: string }) {
  const [signingOut, setSigningOut] = useState(false);
  const owner = useStore($cacheOwner);
  const { role, isAdmin } = useStore($abilities);
  return (
    <nav aria-label="App" className="flex h-full flex-col bg-brand-900 text-white">
      {/* On a phone the bar above the menu already says Hourmark. */}
      <a href="/login/" className="hidden px-4 pt-4 text-xl font-bold desk:block">
        Hourmark
      </a>
      <WorkspaceMenu owner={owner} />
      <NoticesBell />
      <ul className="flex-1 space-y-1 overflow-y-auto px-2">
        {sidebarFor(role).map((entry) => (
          <li key={entry.label}>
            {isGroup(entry) ? (
              <Group group={entry} path={path} />
            ) : (
              <Item item={entry} path={path} />
            )}
          </li>
        ))}
      </ul>
      {/* The trial and its Pro choice are the Admin's business (issue 31). */}
      {isAdmin ? <TrialBanner /> : null}
      <div className="p-3">
        <button
          type="button"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut().finally(() => setSigningOut(false));
          }}
          className="w-full rounded border border-white/40 px-3 py-2 hover:bg-brand-800 disabled:opacity-70"
        >
          {signingOut ? 'Logging out…' : 'Log out'}
        </button>
      </div>
    </nav>
  );
}
