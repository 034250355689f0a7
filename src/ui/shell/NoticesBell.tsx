import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $notices, loadNotices, markNoticesRead } from '../../stores/notices';
import { NOTICES_ARRIVED } from '../../stores/sync/deps';

/**
 * How often an open screen asks for new notices anyway: a notice arrives on the poke stream at
 * once (issue 31), but a tab that does not lead holds no stream.
 */
const REFRESH_MS = 60_000;

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

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
        <div id="notices-panel" className="mt-1 rounded bg-brand-800 p-2 text-sm">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="font-semibold">Notices</h2>
            {unread > 0 ? (
              <button
                type="button"
                className="underline"
                onClick={() => void markNoticesRead('all')}
              >
                Mark all read
              </button>
            ) : null}
          </div>
          {state === null ? (
            <p role="status">Loading your notices…</p>
          ) : state.notices.length === 0 ? (
            <p>Nothing yet.</p>
          ) : (
            <ul aria-label="Your notices" className="max-h-96 space-y-2 overflow-y-auto">
              {state.notices.map((notice) => (
                <li
                  key={notice.id}
                  className={`rounded p-2 ${notice.read ? 'bg-brand-900/40' : 'bg-brand-700'}`}
                >
                  <p className="font-semibold">
                    {notice.read ? null : <span className="sr-only">Unread: </span>}
                    {notice.path ? (
                      <a href={notice.path} className="underline">
                        {notice.title}
                      </a>
                    ) : (
                      notice.title
                    )}
                  </p>
                  <p>{notice.body}</p>
                  <p className="text-xs text-slate-200">{when(notice.createdAt)}</p>
                  {notice.read ? null : (
                    <button
                      type="button"
                      className="mt-1 underline"
                      aria-label={`Mark read: ${notice.title}`}
                      onClick={() => void markNoticesRead([notice.id])}
                    >
                      Mark read
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <a href="/accountSetting#notices" className="mt-2 inline-block underline">
            Notice settings
          </a>
        </div>
      ) : null}
    </div>
  );
}
