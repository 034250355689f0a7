import { useStore } from '@nanostores/react';
import type * as TrackActions from '../../stores/track';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { emptyDraft } from '../../lib/time-log-draft';
import { $activeMembers } from '../../stores/choices';
import { $user } from '../../stores/auth';
import { keepAddDraft, savedAddDraft } from '../../stores/add-log-draft';
import { $addFormOpen, $dayLogs, $shownDay, toggleAddForm } from '../../stores/track-day';
import type { TimeLog } from '../../stores/time-log-list';
import { WriteFailedMessage } from '../../ui/feedback/WriteFailedMessage';
import { DayHeader } from './DayHeader';
import { LogItem } from './LogItem';
import { ShortcutsHelp } from './ShortcutsHelp';
import { Stopwatch } from './Stopwatch';
import { WeekSubmissionSlot } from '../../ui/time-logs/WeekSubmissionSlot';
import { useDayInUrl } from './use-day-in-url';
import { useOldDay } from './use-old-day';
import { useTrackShortcuts } from './use-shortcuts';

// The form (Ariakit combobox, Quill) and the edit dialog load when first opened, keeping what
// Track loads up front small (npm run bench prints it).
// Saving the form's log (../../stores/track.ts) loads with the form: nothing can be saved before
// the form is on screen.
let addLogFromDraft: typeof TrackActions.addLogFromDraft | null = null;
const LogForm = lazy(() =>
  Promise.all([import('./LogForm'), import('../../stores/track')]).then(([form, track]) => {
    addLogFromDraft = track.addLogFromDraft;
    return { default: form.LogForm };
  }),
);
const EditLogDialog = lazy(() =>
  import('./EditLogDialog').then((m) => ({ default: m.EditLogDialog })),
);

/** The Track screen: the shown day's logs, the stopwatch and the add-log form. */
export default function TrackScreen() {
  useDayInUrl();
  useTrackShortcuts();
  const day = useStore($shownDay);
  const formOpen = useStore($addFormOpen);
  const { logs } = useStore($dayLogs);
  const oldDay = useOldDay(day);
  const members = useStore($activeMembers);
  const user = useStore($user);
  const [editing, setEditing] = useState<TimeLog | null>(null);
  // Once loaded, the dialog stays mounted so Ariakit can hand focus back when it closes.
  const [editedOnce, setEditedOnce] = useState(false);
  const startEditing = (log: TimeLog) => {
    setEditedOnce(true);
    setEditing(log);
  };
  const [addFailed, setAddFailed] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  // A form half-filled before a reload comes back as it was.
  const [restored, setRestored] = useState(savedAddDraft);
  // The shown day comes from the URL just after the first render: open once it is the draft's.
  useEffect(() => {
    if (restored?.date === day) toggleAddForm(true);
  }, [restored, day]);
  // Closing the form removes the focused control; give focus back to the button that opened it.
  const closeForm = () => {
    keepAddDraft(null);
    setRestored(null);
    toggleAddForm(false);
    setAddFailed('');
    addButton.current?.focus();
  };
  const addLog: ComponentProps<typeof LogForm>['onSave'] = (...args) => {
    // Set before the form first rendered (above), so before it can save.
    if (!addLogFromDraft) return false;
    const result = addLogFromDraft(...args);
    setAddFailed(result.saved ? '' : result.message);
    return result.saved;
  };
  const me = members.find((m) => user && m.email.toLowerCase() === user.email.toLowerCase());

  return (
    <section aria-labelledby="track-heading" className="p-4 desk:p-6">
      <DayHeader />
      <Stopwatch />
      <WeekSubmissionSlot day={day} />
      <div className="mb-4 flex flex-wrap gap-2">
        <button
          ref={addButton}
          type="button"
          className="btn-primary"
          aria-expanded={formOpen}
          aria-keyshortcuts="n"
          onClick={() => toggleAddForm()}
        >
          Add time log
        </button>
        <ShortcutsHelp />
      </div>
      {formOpen ? (
        <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-xl font-bold">New time log</h2>
          <Suspense fallback={<p role="status">Loading the form…</p>}>
            <LogForm
              key={day}
              mode="add"
              initial={restored?.date === day ? restored : emptyDraft(day, me?.id ?? '')}
              onDraftChange={keepAddDraft}
              onSave={addLog}
              onClose={closeForm}
              notice={addFailed ? <WriteFailedMessage message={addFailed} /> : null}
            />
          </Suspense>
        </div>
      ) : null}
      <h2 id="day-logs-heading" className="sr-only">
        Time logs of the day
      </h2>
      <p role="status" className={oldDay === 'here' ? 'sr-only' : 'mb-3 text-slate-700'}>
        {oldDay === 'loading'
          ? 'Loading this day’s time logs from the server…'
          : oldDay === 'unavailable'
            ? 'This day’s time logs are kept on the server. Connect to the internet to see them.'
            : ''}
      </p>
      {logs.length === 0 ? (
        oldDay === 'here' ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            No time logs on this day yet. Press Start or Add time log.
          </p>
        ) : null
      ) : (
        <ul className="space-y-2" aria-labelledby="day-logs-heading">
          {logs.map((log) => (
            <LogItem key={log.id} log={log} onEdit={startEditing} />
          ))}
        </ul>
      )}
      {editing || editedOnce ? (
        <Suspense fallback={null}>
          <EditLogDialog log={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
