import type { TimeLog } from '../../lib/entities/time-log';
import type { Lookups } from '../../lib/log-economy';

/** Whose log it is and its start–end hours, when known ("Asha · from 09:00–10:30"). */
export function LogWhoWhen({ log, context }: { log: TimeLog; context: Lookups }) {
  const member = log.memberId ? context.membersById.get(log.memberId) : undefined;
  const hours = Boolean(log.st && log.end);
  if (!member && !hours) return null;
  return (
    <p className="text-sm text-slate-700">
      {member ? <span>{member.name}</span> : null}
      {member && hours ? ' · ' : null}
      {hours ? (
        <span>
          <span className="sr-only">from </span>
          {log.st}–{log.end}
        </span>
      ) : null}
    </p>
  );
}
