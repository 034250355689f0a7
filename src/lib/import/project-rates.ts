import type { ImportEntry } from './entry';
import { personKeyOf } from './labour-rates';

// The rate a project the import creates bills at (issue 47): what the file's own amounts imply,
// amount ÷ hours of its billable rows that have an amount. Without it a new project billed at
// each member's rate, and a new member has none, so billable history came in at 0.00. Hourmark
// keeps one rate per project (no rate per person on a project), so when the file billed people
// at different rates the project gets the rate of all its rows together, and the preview lists
// each person's rate beside it so the person can choose another before importing.

const key = (name: string) => name.trim().toLowerCase();

/** How the import keys a project of the file: its client's name and its own, as matched. */
export const projectKeyOf = (entry: { client: string; project: string }) =>
  `${key(entry.client)}\u0000${key(entry.project)}`;

/** An hourly rate (major units, to the cent) from minor units billed over seconds. */
export const impliedRate = (minor: number, seconds: number) =>
  seconds > 0 ? Math.round((minor * 3600) / seconds) / 100 : 0;

/** What the file says a project billed, and the rate that follows. */
export interface ProjectRate {
  client: string;
  project: string;
  /** Per hour, in the file's currency's major units, to the cent. */
  rate: number;
  /** The billable rows with an amount the rate comes from, their seconds and amounts. */
  seconds: number;
  fileMinor: number;
  /** Each person's own rate on the project (name or email as the file has it), when they differ. */
  people: { person: string; rate: number }[];
}

interface Sums {
  client: string;
  project: string;
  seconds: number;
  minor: number;
  people: Map<string, { person: string; seconds: number; minor: number }>;
}

/** Rates collected one entry at a time, in the file's order (sums per project and person). */
export function projectRateCollector() {
  const sums = new Map<string, Sums>();
  return {
    add: (e: ImportEntry) => {
      // Hourmark's own export brings its projects with their own rates (created first).
      if (e.hourmark || !e.project.trim() || !e.billable || e.amountMinor === null) return;
      const k = projectKeyOf(e);
      const s = sums.get(k) ?? {
        client: e.client.trim(),
        project: e.project.trim(),
        seconds: 0,
        minor: 0,
        people: new Map<string, { person: string; seconds: number; minor: number }>(),
      };
      s.seconds += e.durationSeconds;
      s.minor += e.amountMinor;
      const who = personKeyOf(e.person);
      const p = s.people.get(who) ?? {
        person: e.person.name || e.person.email,
        seconds: 0,
        minor: 0,
      };
      p.seconds += e.durationSeconds;
      p.minor += e.amountMinor;
      s.people.set(who, p);
      sums.set(k, s);
    },
    /** Every project of the file with amounts, by key (projectKeyOf). */
    rates: (): Map<string, ProjectRate> => {
      const out = new Map<string, ProjectRate>();
      for (const [k, s] of sums) {
        const people = [...s.people.values()].map((p) => ({
          person: p.person,
          rate: impliedRate(p.minor, p.seconds),
        }));
        const rate = impliedRate(s.minor, s.seconds);
        out.set(k, {
          client: s.client,
          project: s.project,
          rate,
          seconds: s.seconds,
          fileMinor: s.minor,
          people: people.some((p) => p.rate !== rate) ? people : [],
        });
      }
      return out;
    },
  };
}
