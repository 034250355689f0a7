import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $notices, loadNotices } from '../../stores/notices';
import { NOTICES_ARRIVED } from '../../stores/sync/deps';

// The list loads when the bell is first opened (issue 29's budget); the count is here at once.
const NoticesPanel = lazy(() =>
  import('./NoticesPanel').then((m) => ({ default: m.NoticesPanel })),
);

/**
 * How often an open screen asks for new notices anyway: a notice arrives on the poke stream at
 * once (issue 31), but a tab that does not lead holds no stream.
 */
const REFRESH_MS = 60_000;

/**
 * The bell in the sidebar (issue 31): how many notices are unread, and, opened, the newest
 * notices with Mark read, Mark all read and a link to the settings.
 */
export function NoticesBell() {
  const state = useStore($notices);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void loadNotices();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void loadNotices();
    }, REFRESH_MS);
    // Told by the sync engine's poke stream that a notice came.
    const arrived = () => void loadNotices();
    window.addEventListener(NOTICES_ARRIVED, arrived);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(NOTICES_ARRIVED, arrived);
    };
  }, []);
  const unread = state?.unread ?? 0;
  return (
    <div className="px-2 pb-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="notices-panel"
        onClick={() => {
          setOpen(!open);
          if (!open) void loadNotices();
        }}
        className="flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm hover:bg-brand-800"
      >
        <span>
          <span aria-hidden="true">🔔 </span>
          Notices
        </span>
        {unread > 0 ? (
          <span className="rounded-full bg-amber-300 px-2 text-xs font-bold text-brand-900">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <p id="notices-panel" role="status" className="mt-1 p-2 text-sm">
              Loading your notices…
            </p>
          }
        >
          <NoticesPanel />
        </Suspense>
      ) : null}
    </div>
  );
}
