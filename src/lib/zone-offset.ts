// The UTC offset a time zone keeps at a wall-clock time (issue 50: the public API gives a log's
// clock times with that day's offset, so a script need not know the zone's rules).

/** `+05:30`, `-04:00` or `+00:00`: the offset of `timeZone` at the instant `at`. */
export function offsetAt(timeZone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? `${match[1]}${match[2]}:${match[3]}` : '+00:00';
}

const minutesOf = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));

/**
 * The offset of `timeZone` at the wall-clock `clock` ('HH:MM') on `day` ('YYYY-MM-DD'). Read at
 * the instant the wall time names: taken as UTC first, moved by the offset found, read again (a
 * time skipped by a clock change gets the offset after it).
 */
export function offsetOnDay(timeZone: string, day: string, clock = '12:00'): string {
  const wall = Date.parse(`${day}T${clock}:00Z`);
  if (Number.isNaN(wall)) return '+00:00';
  const first = offsetAt(timeZone, new Date(wall));
  return offsetAt(timeZone, new Date(wall - minutesOf(first) * 60_000));
}
