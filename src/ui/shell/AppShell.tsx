import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { $token, confirmSession } from '../../stores/auth';
import { SignInScreen } from '../auth/SignInScreen';
import { ErrorBoundary } from '../feedback/ErrorBoundary';
import { StorageNotices } from '../feedback/StorageNotices';
import { ToastHost } from '../feedback/ToastHost';
import { Sidebar } from './Sidebar';
import { hasLegacyData } from '../../stores/sync/legacy-stash';
import { useSync } from './use-sync';

// Sync's engine and its messages load after the first paint; the screen never waits for them.
const SyncStatus = lazy(() => import('./SyncStatus').then((m) => ({ default: m.SyncStatus })));
const LegacyOffer = lazy(() => import('./LegacyOffer').then((m) => ({ default: m.LegacyOffer })));

interface AppShellProps {
  /** The route shown, for the sidebar's current-page mark. */
  path: string;
  /** Name of the screen, used by the error boundary message. */
  label: string;
  children: ReactNode;
}

/** True once records from before sync are set aside here (the offer's code loads only then). */
function useLegacyData(): boolean {
  const [found, setFound] = useState(hasLegacyData);
  useEffect(() => {
    const seen = () => setFound(true);
    window.addEventListener('hourmark:legacy-data', seen);
    return () => window.removeEventListener('hourmark:legacy-data', seen);
  }, []);
  return found;
}

/**
 * Every signed-in screen: the sidebar, storage notices and toasts around the screen. Without a
 * session it shows the sign-in card instead, and the screen appears in place once signed in.
 */
export function AppShell({ path, label, children }: AppShellProps) {
  const token = useStore($token);
  const [menuOpen, setMenuOpen] = useState(false);
  const cacheIsTheirs = useSync();
  const legacyFound = useLegacyData();

  useEffect(() => {
    void confirmSession();
  }, []);

  if (!token) return <SignInScreen />;

  return (
    <div className="min-h-screen desk:grid desk:grid-cols-[16rem_1fr] print:!block">
      {/* The first stop for the keyboard: past the sidebar's dozen links to the screen itself. */}
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      {/* A landmark of its own, so everything on a phone screen sits in one (axe 'region'). */}
      <header className="flex items-center justify-between bg-brand-900 px-4 py-2 text-white desk:hidden print:!hidden">
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
      </header>
      {/* Printing a screen (an invoice, a report) prints the screen alone; `!` because the
          desk: variant comes later in the CSS than print:. */}
      <div
        id="app-sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} bg-brand-900 desk:block print:!hidden`}
      >
        {/* The column keeps the sidebar's colour to the bottom of a long page; the sidebar itself
            stays in view while the page scrolls. */}
        <div className="desk:sticky desk:top-0 desk:h-screen">
          <ErrorBoundary label="navigation">
            <Sidebar path={path} />
          </ErrorBoundary>
        </div>
      </div>
      {/* The toast strip sits above the screen, in the page's flow: a toast pushes the screen
          down instead of lying over a log card or a button (issue 47). */}
      <div className="min-w-0 bg-slate-50 print:bg-white">
        <ToastHost />
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          <div className="print:hidden">
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
          </div>
          <StorageNotices />
          {cacheIsTheirs ? (
            <>
              {legacyFound ? (
                <Suspense fallback={null}>
                  <LegacyOffer />
                </Suspense>
              ) : null}
              <ErrorBoundary label={label}>{children}</ErrorBoundary>
            </>
          ) : (
            // Another account's cache is never shown, not even for the moment it takes to clear.
            <p className="p-6 text-slate-600">Opening your workspace…</p>
          )}
        </main>
      </div>
    </div>
  );
}
