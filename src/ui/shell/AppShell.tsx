import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { $token, confirmSession } from '../../stores/auth';
import { SignInScreen } from '../auth/SignInScreen';
import { ErrorBoundary } from '../feedback/ErrorBoundary';
import { StorageNotices } from '../feedback/StorageNotices';
import { ToastHost } from '../feedback/ToastHost';
import { Sidebar } from './Sidebar';

interface AppShellProps {
  /** The route shown, for the sidebar's current-page mark. */
  path: string;
  /** Name of the screen, used by the error boundary message. */
  label: string;
  children: ReactNode;
}

/**
 * Every signed-in screen: the sidebar, storage notices and toasts around the screen. Without a
 * session it shows the sign-in card instead, and the screen appears in place once signed in.
 */
export function AppShell({ path, label, children }: AppShellProps) {
  const token = useStore($token);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    void confirmSession();
  }, []);

  if (!token) return <SignInScreen />;

  return (
    <div className="min-h-screen desk:grid desk:grid-cols-[16rem_1fr]">
      <div className="flex items-center justify-between bg-brand-900 px-4 py-2 text-white desk:hidden">
        <span className="font-bold">Hourmark</span>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
          className="rounded border border-white/40 px-3 py-1"
        >
          Menu
        </button>
      </div>
      <div
        id="app-sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} desk:sticky desk:top-0 desk:block desk:h-screen`}
      >
        <ErrorBoundary label="navigation">
          <Sidebar path={path} />
        </ErrorBoundary>
      </div>
      <main id="main" className="min-w-0 bg-slate-50">
        <StorageNotices />
        <ErrorBoundary label={label}>{children}</ErrorBoundary>
      </main>
      <ToastHost />
    </div>
  );
}
