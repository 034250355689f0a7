import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { NOTICE_EVENT_INFO, type NoticeChannel, type NoticePreference } from '../../lib/notices';
import { $notices, $noticesProblem, loadNotices } from '../../stores/notices';
import { saveNoticePreference } from '../../stores/notice-actions';

const CHANNEL_LABELS: Record<NoticeChannel, string> = {
  app: 'In the app',
  mail: 'In the app and by mail',
  off: 'Off',
};

const hours = Array.from({ length: 24 }, (_, h) => h);

function EventSetting({ pref }: { pref: NoticePreference }) {
  const id = useId();
  const { label } = NOTICE_EVENT_INFO[pref.event];
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-2">
      <label htmlFor={`${id}-channel`} className="min-w-0 flex-1">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {pref.event === 'nothing-tracked' ? (
          <>
            <label htmlFor={`${id}-hour`} className="text-sm">
              by
            </label>
            <select
              id={`${id}-hour`}
              value={pref.hour ?? 17}
              onChange={(e) =>
                void saveNoticePreference(pref.event, pref.channel, Number(e.target.value))
              }
              className="rounded border border-slate-300 px-2 py-1"
            >
              {hours.map((h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <select
          id={`${id}-channel`}
          value={pref.channel}
          onChange={(e) => void saveNoticePreference(pref.event, e.target.value as NoticeChannel)}
          className="rounded border border-slate-300 px-2 py-1"
        >
          {(Object.keys(CHANNEL_LABELS) as NoticeChannel[]).map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Each event's channel: in the app, also by mail, or off (issue 31). */
export function NoticeSettingsForm() {
  const state = useStore($notices);
  const problem = useStore($noticesProblem);
  useEffect(() => {
    void loadNotices();
  }, []);
  return (
    <section
      id="notices"
      aria-labelledby="notices-heading"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="notices-heading" className="mb-2 text-xl font-bold">
        Notices
      </h2>
      <p className="mb-2">
        What you hear about, under the bell in the menu and by mail.
        {state && !state.mail
          ? ' This server sends no mail, so everything stays in the app.'
          : ' Every mail has a link that stops that kind of mail.'}
      </p>
      {state ? (
        <div className="divide-y divide-slate-200">
          {state.preferences.map((pref) => (
            <EventSetting key={pref.event} pref={pref} />
          ))}
        </div>
      ) : (
        <p role="status">Loading your settings…</p>
      )}
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
