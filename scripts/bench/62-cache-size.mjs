// Issue 10: how much of the browser's localStorage the cache of a large workspace takes, as the
// sync engine stores it (src/lib/sync/rebase.ts, the code the browser runs, loaded through tsx):
// 20 members, 200 projects and 50,000 logs over three years. Browsers give a site about 5 MB
// (Chromium, Firefox: 5 MiB of UTF-16 per origin), so this says whether the cache window is
// needed and how much it saves.
import { tsImport } from 'tsx/esm/api';
import { workspaceMutations } from './_sync-data.mjs';

const { rebase } = await tsImport('../../src/lib/sync/rebase.ts', import.meta.url);

const kinds = {
  createMember: 'member',
  createClient: 'client',
  createProject: 'project',
  createTask: 'task',
  addTimeLog: 'timeLog',
};
const at = '2026-11-23T09:00:00.000Z';
const data = workspaceMutations({ ownMemberId: 'm-0' });
const changes = data.mutations.map((m) => ({
  kind: kinds[m.name],
  id: m.args.id,
  deleted: false,
  data: m.args.fields,
  createdAt: at,
  updatedAt: at,
}));

const started = performance.now();
const { local } = rebase({
  local: { clients: [], projects: [], tasks: [], members: [], logs: [] },
  timer: { status: 'idle' },
  changes,
  reset: true,
  pending: [],
  bases: {},
  now: at,
});
const applyMs = performance.now() - started;

const keys = {
  clients: 'clients',
  projects: 'project',
  tasks: 'task',
  members: 'Team',
  logs: 'taskData',
};
// localStorage counts UTF-16 code units: two bytes per character of key and value.
const bytes = (text) => text.length * 2;
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
let total = 0;
for (const [list, key] of Object.entries(keys)) total += bytes(key + JSON.stringify(local[list]));

const windowStart = new Date(Date.parse('2026-11-23') - 56 * 86_400_000).toISOString().slice(0, 10);
const recent = local.logs.filter((l) => l.date >= windowStart);
const windowed = total - bytes(JSON.stringify(local.logs)) + bytes(JSON.stringify(recent));

console.log(
  `Cache of 20 members, 200 projects, 50,000 logs: ${mb(total)} in localStorage (every log; about 5 MB fit)`,
);
console.log(
  `  with an 8-week window (${recent.length.toLocaleString('en')} logs since ${windowStart}): ${mb(windowed)}`,
);
console.log(`  applying the first pull in the browser's code (Node): ${applyMs.toFixed(0)} ms`);
