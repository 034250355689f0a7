// The stopwatch's clock reading, apart from the form's clock arithmetic (./clock-time.ts), which
// loads with the form (issue 29's budget).

const pad = (n: number) => String(n).padStart(2, '0');

/** The local clock time of `now` as 'HH:MM'. */
export function nowClock(now: Date): string {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
