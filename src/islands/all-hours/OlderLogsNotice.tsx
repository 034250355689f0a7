import { formatDay } from '../../lib/day';
import { loadOlderHours, type OlderHours } from '../../stores/all-hours-older';
import { $allHoursFilter, $allHoursLimit } from '../../stores/all-hours';

/** Says when the logs before the cache window are on their way from the server, or not coming. */
export function OlderLogsNotice({ older }: { older: OlderHours }) {
  const day = formatDay(older.before);
  return (
    <div role="status" className="mb-4">
      {older.state === 'loading' ? (
        <p className="text-slate-700">Loading the logs before {day} from the server…</p>
      ) : older.state === 'unavailable' ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p>
            The logs before {day} are kept on the server and could not be loaded ({older.message}
            ). The list and the totals show the logs from {day} on.
          </p>
          <button
            type="button"
            className="btn-secondary mt-2 py-1"
            onClick={() =>
              loadOlderHours($allHoursFilter.get(), $allHoursLimit.get(), {
                delay: 0,
                again: true,
              })
            }
          >
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}
