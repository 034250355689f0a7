import { useStore } from '@nanostores/react';
import { $notices } from '../../stores/notices';
import { markNoticesRead } from '../../stores/notice-actions';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The opened bell (./NoticesBell.tsx): the newest notices, Mark read, Mark all read, settings. */
export function NoticesPanel() {
  const state = useStore($notices);
  const unread = state?.unread ?? 0;
  return (
    <div id="notices-panel" className="mt-1 rounded bg-brand-800 p-2 text-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold">Notices</h2>
        {unread > 0 ? (
          <button type="button" className="underline" onClick={() => void markNoticesRead('all')}>
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
  );
}
