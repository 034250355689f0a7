// Issue 48: the device plans each command with the catalog on its cache (the engine's
// src/stores/sync/command-planner.ts, loaded through tsx: the code the browser runs). A bulk edit
// of 200 logs with 5,000 in the cache: what the engine did before (the store's change turned into
// outbox entries, `provisionalEntries`, which it still does at once) and what the plan adds
// (`startPlanning`, the 200 commands parsed and planned, the result compared with the store's
// change). Median of 15 after a warm-up. Budget: the plan's part under 100 ms, so Track's bulk
// edits stay as quick as before; exit code 1 when over.
import { tsImport } from 'tsx/esm/api';
import { median } from './_harness.mjs';

const BUDGET_MS = 100;
const { startPlanning } = await tsImport(
  '../../src/stores/sync/command-planner.ts',
  import.meta.url,
);
const { provisionalEntries } = await tsImport('../../src/stores/sync/changes.ts', import.meta.url);

const logs = Array.from({ length: 5000 }, (_, i) => ({
  id: `l-${i}`,
  date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
  client: '',
  projectId: null,
  task: '',
  taskId: null,
  memberId: null,
  tags: 'bench',
  desc: `<p>Log ${i}</p>`,
  dur: 1800,
  st: '09:00',
  end: '09:30',
  exp: 0,
  status: 'approved',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
}));
const cache = { clients: [], projects: [], tasks: [], members: [], logs };

/** A bulk edit of 200 logs' tags, as `patchTimeLogs` reports it (src/stores/record-commands.ts). */
function bulkEdit(round) {
  const ids = new Set(Array.from({ length: 200 }, (_, i) => `l-${(round * 200 + i) % 5000}`));
  const after = logs.map((log) => (ids.has(log.id) ? { ...log, tags: `bulk ${round}` } : log));
  const each = [...ids].map((id) => ({
    name: 'editLog',
    args: { id, tags: `bulk ${round}` },
    record: `timeLog:${id}`,
  }));
  return {
    command: each[0],
    changes: [{ key: 'taskData', before: logs, after }],
    each,
  };
}

const entries = [];
const plans = [];
for (let round = 0; round < 16; round++) {
  const event = bulkEdit(round);
  let started = performance.now();
  const made = provisionalEntries(event);
  entries.push(performance.now() - started);
  started = performance.now();
  const run = startPlanning(
    () => ({ local: cache, timer: { status: 'idle' } }),
    new Date().toISOString(),
  );
  await run.plan([event]);
  const result = run.result();
  plans.push(performance.now() - started);
  if (made.mutations.length !== 200 || result.mutations.length !== 200 || result.diverged.length) {
    console.log('the bulk edit was not planned as 200 editLog');
    process.exit(1);
  }
}
// The first round loads and warms the code.
const entryMs = median(entries.slice(1));
const planMs = median(plans.slice(1));
console.log(
  `Bulk edit of 200 of 5,000 logs: entries from the store's change ${entryMs.toFixed(1)} ms, ` +
    `the catalog's plan of the 200 commands ${planMs.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
);
if (planMs > BUDGET_MS) process.exit(1);
