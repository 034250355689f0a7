// Groups the shared data code Track uses (stores, domain logic, zod, nanostores, date-fns) into
// one chunk. Left to itself, Rollup splits it into a dozen tiny chunks, one per set of screens
// that share them; each compresses alone, so a screen downloads more bytes and makes more
// requests (Track: ~1 KB gz more, see docs/bench.md). Data code only other screens use is left
// to Rollup, so Track does not download it (docs/bench.md, "the shared chunk holds only what
// Track uses").
const DATA_CODE = [
  // Not what one screen alone uses (All hours' filters, list views, the JSON export, the sign-in
  // forms' and account settings' actions): those load with their screen, so Track does not.
  // Nor the sync engine (app-sync.ts and sync/), which loads after the first paint (its seams,
  // local-changes.ts and sync/owner.ts, stay), nor the older logs, which load with their screens.
  /\/src\/stores\/(?!export-data\.ts|all-hours\.ts|all-hours-selection\.ts|invitations\.ts|sign-in\.ts|account-settings\.ts|app-sync\.ts|older-logs\.ts|sync\/(?!owner\.ts))/,
  // Not CSV (papaparse loads on export only), what one screen alone uses (e.g. the Assign Task
  // form's duplicate-name check), nor what public pages' small scripts use.
  /\/src\/lib\/(?!sync\/|csv\.ts|project-rows\.ts|support-message\.ts|log-filter\.ts|list-view\.ts|task-name\.ts|bulk-edit\.ts|content\/)/,
  /\/node_modules\/(zod|nanostores|@nanostores\/[^/]+|date-fns)\//,
];

const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;

// Loaded on demand, never with Track's first visit (issue 29): zod and the schemas built with
// it. The stores decode stored records with zod-free fast decoders (src/lib/entities/fast-*.ts)
// and import a schema only for a record those are unsure of; forms import theirs with the form.
// Left to Rollup, they load with whatever imports them.
const ON_DEMAND = [/\/node_modules\/zod\//, /\/src\/lib\/entities\/(?!fast-)[^/]+\.ts$/];

// The screen a person lands on after signing in. Only data code it imports (with its lazy parts:
// the screen, the form, the sync engine's seams) goes in
// the shared chunk; what other screens alone use (invoices, e-invoice profiles, reports) is left
// to Rollup, so Track does not download it (issue 29's budget).
const FIRST_SCREEN = /\/src\/islands\/track\/TrackIsland\.tsx$/;

// Lazy parts of Track a first visit does not open (the log form and editor, the offer to bring
// in data from before sync, the workspace panel, signing out, the shortcuts popover): the data
// code only they use loads with them, not in the shared chunk (issue 29's budget).
const NOT_ON_FIRST_VISIT = [
  ...ON_DEMAND,
  /\/src\/islands\/track\/(LogForm|EditLogDialog|ShortcutsPopover)\.tsx$/,
  /\/src\/ui\/shell\/(LegacyOffer|WorkspacePanel)\.tsx$/,
  /\/src\/stores\/sync\/sign-out\.ts$/,
];

/** Every module `root` reaches through its imports, static and dynamic, short of NOT_ON_FIRST_VISIT's. */
function staticClosure(getModuleInfo, getModuleIds, root) {
  const start = [...getModuleIds()].find((id) => root.test(id));
  const seen = new Set();
  const queue = start ? [start] : [];
  while (queue.length > 0) {
    const id = queue.pop();
    if (seen.has(id) || NOT_ON_FIRST_VISIT.some((p) => p.test(id))) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])])
      queue.push(next);
  }
  return seen;
}

/** @returns {import('astro').AstroIntegration} */
export default function clientChunks() {
  return {
    name: 'hourmark-client-chunks',
    hooks: {
      'astro:build:setup': ({ vite, target }) => {
        if (target !== 'client') return;
        vite.build ??= {};
        vite.build.rollupOptions ??= {};
        const output = (vite.build.rollupOptions.output ??= {});
        // React gets a chunk of its own; otherwise Rollup would pull it into 'data' (through
        // @nanostores/react), and every React island would download the data code too.
        let firstScreen = null;
        const manualChunks = (id, { getModuleInfo, getModuleIds }) => {
          if (REACT.test(id)) return 'react';
          if (!DATA_CODE.some((p) => p.test(id))) return undefined;
          if (ON_DEMAND.some((p) => p.test(id))) return undefined;
          firstScreen ??= staticClosure(getModuleInfo, getModuleIds, FIRST_SCREEN);
          return firstScreen.has(id) ? 'data' : undefined;
        };
        for (const options of [output].flat()) options.manualChunks = manualChunks;
        // CHUNK_REPORT=1 prints what the shared chunk is made of, largest first (for budgets);
        // CHUNK_REPORT=data,app-sync,… the chunks named.
        const reported = (process.env.CHUNK_REPORT ?? '').split(',');
        if (process.env.CHUNK_REPORT)
          (vite.plugins ??= []).push({
            name: 'hourmark-chunk-report',
            generateBundle(_options, bundle) {
              for (const chunk of Object.values(bundle)) {
                if (chunk.type !== 'chunk') continue;
                if (!reported.includes(chunk.name) && !(chunk.name === 'data' && reported[0] === '1'))
                  continue;
                const sizes = Object.entries(chunk.modules)
                  .map(([id, m]) => [m.renderedLength, id.replace(process.cwd(), '')])
                  .sort((a, b) => b[0] - a[0]);
                for (const [bytes, id] of sizes) console.log(`${chunk.name} chunk: ${bytes} ${id}`);
              }
            },
          });
      },
    },
  };
}
