import type { ImportEntry } from './entry';

// The labour rate each person of a file gets when the import makes them a new team member
// (issue 32): the rate on their latest row (Harvest's Cost Rate). The preview shows it, the job
// writes it; both key people as the job's choices do (email, else `name:` and the name).

const key = (name: string) => name.trim().toLowerCase();

/** How the import keys a person of the file. */
export const personKeyOf = (person: { email: string; name: string }) =>
  person.email || `name:${key(person.name)}`;

/** Each person's labour rate from their latest row that has one (a later row wins a tie). */
export function latestLabourRates(entries: readonly ImportEntry[]): Map<string, number> {
  const collect = labourRateCollector();
  for (const e of entries) collect.add(e);
  return collect.rates();
}

/** The same rates collected one entry at a time, in the file's order (one per person kept). */
export function labourRateCollector() {
  const latest = new Map<string, { date: string; rate: number }>();
  return {
    add: (e: ImportEntry) => {
      if (e.labourRate === null) return;
      const id = personKeyOf(e.person);
      const seen = latest.get(id);
      if (!seen || e.date >= seen.date) latest.set(id, { date: e.date, rate: e.labourRate });
    },
    rates: () => new Map([...latest].map(([id, r]) => [id, r.rate])),
  };
}
