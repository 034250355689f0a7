// Groups the browser's shared data code (stores, domain logic, zod, nanostores, date-fns) into
// one chunk. Left to itself, Rollup splits it into a dozen tiny chunks, one per set of screens
// that share them; each compresses alone, so a screen downloads more bytes and makes more
// requests (Track: ~1 KB gz more, see docs/bench.md).
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
        const manualChunks = (id) =>
          REACT.test(id) ? 'react' : DATA_CODE.some((p) => p.test(id)) ? 'data' : undefined;
        for (const options of [output].flat()) options.manualChunks = manualChunks;
      },
    },
  };
}
