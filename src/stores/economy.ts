import { computed } from 'nanostores';
import { buildLookups, logEconomy, type EconomyInput, type Lookups } from '../lib/log-economy';
import { $clients } from './clients-list';
import { $projects } from './projects-list';
import { $tasks } from './tasks-list';
import { $team } from './team-list';

/** Projects, tasks, members and clients indexed by id, rebuilt once per change of any of them. */
export const $economyContext = computed(
  [$projects, $tasks, $team, $clients],
  (projects, tasks, members, clients) => buildLookups({ projects, tasks, members, clients }),
);
export type { Lookups };

/** Billable amount and labour cost (minor units) of a log or a draft of one. */
export function economyOfLog(
  log: EconomyInput,
  context: Lookups,
): { billableMinor: number; costMinor: number } {
  return logEconomy(log, context);
}
