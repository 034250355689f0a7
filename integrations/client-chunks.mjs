// Groups the code a first visit to Track loads (the shell, the stores, domain logic, the sync
// engine, nanostores, the Track screen itself) into one chunk. Left to itself, Rollup splits it
// into many tiny chunks, one per set of screens that share them; each compresses alone, so a
// screen downloads more bytes and makes more requests (docs/bench.md). Code only other screens
// use is left to Rollup, so Track does not download it (docs/bench.md, "the shared chunk holds
// only what Track uses").
const SHARED_CODE = [
  /\/src\/(stores|lib|ui)\//,
  // The Track screen joins the chunk too (issue 29): as a chunk of its own it gzipped alone and
  // named, in its imports, every binding it took from the shared chunk (1.1 KB more in all, one
  // request more). The signed-out sign-in page, the same island, downloads it with the shell.
  /\/src\/islands\/track\//,
  /\/node_modules\/(zod|nanostores|@nanostores\/[^/]+)\//,
];

const REACT = /\/node_modules\/(react|react-dom|scheduler|@astrojs\/react)\//;

// Loaded on demand, never with Track's first visit (issue 29): zod and the schemas built with
// it. The stores decode stored records with zod-free fast decoders (src/lib/entities/fast-*.ts)
// and import a schema only for a record those are unsure of; forms import theirs with the form.
// Left to Rollup, they load with whatever imports them.
const ON_DEMAND = [/\/node_modules\/zod\//, /\/src\/lib\/entities\/(?!fast-)[^/]+\.ts$/];

// What a first visit to Track loads (issue 29's budget, counted as every script it requests): the
// island, and the lazy parts it loads at once: the screen, the sync status, the sync engine
// after the first paint, the older logs. The data and interface code these reach through static
// imports goes in the shared chunk, so a first visit downloads a few files instead of about 20
// (each gzips alone, and 13 were under 1 KB: together they came to 4.7 KB more, docs/bench.md).
const FIRST_VISIT_ROOTS = [
  /\/src\/islands\/track\/(TrackIsland|TrackScreen)\.tsx$/,
  /\/src\/ui\/shell\/SyncStatus\.tsx$/,
  /\/src\/stores\/(app-sync|older-logs)\.ts$/,
];

// Islands of pages for people not signed in (sign-up, password reset, an invitation, a shared
// report). What they share with Track's first visit goes in a chunk of its own, so they do not
// download the shell and the sync engine with it.
const PUBLIC_ROOTS = [/\/src\/islands\/(auth|shared)\/[^/]+\.tsx$/];

// Lazy parts of Track a first visit does not open (the log form and editor, the offer to bring
// in data from before sync, the workspace panel, signing out, the shortcuts popover): the data
// code only they use loads with them, not in the shared chunk (issue 29's budget).
const NOT_ON_FIRST_VISIT = [
  ...ON_DEMAND,
  /\/src\/islands\/track\/(LogForm|EditLogDialog|ShortcutsPopover)\.tsx$/,
  /\/src\/ui\/shell\/(LegacyOffer|WorkspacePanel)\.tsx$/,
  /\/src\/stores\/sync\/sign-out\.ts$/,
];

/** Every module the roots reach through static imports, short of NOT_ON_FIRST_VISIT's. */
function reachedFrom(roots, getModuleInfo, getModuleIds) {
  const queue = [...getModuleIds()].filter((id) => roots.some((r) => r.test(id)));
  const seen = new Set();
  while (queue.length > 0) {
    const id = queue.pop();
    if (seen.has(id) || NOT_ON_FIRST_VISIT.some((p) => p.test(id))) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) queue.push(next);
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
        let firstVisit = null;
        let publicPages = null;
        const manualChunks = (id, { getModuleInfo, getModuleIds }) => {
          if (REACT.test(id)) return 'react';
          if (!SHARED_CODE.some((p) => p.test(id))) return undefined;
          if (ON_DEMAND.some((p) => p.test(id))) return undefined;
          firstVisit ??= reachedFrom(FIRST_VISIT_ROOTS, getModuleInfo, getModuleIds);
          publicPages ??= reachedFrom(PUBLIC_ROOTS, getModuleInfo, getModuleIds);
          if (!firstVisit.has(id)) return undefined;
          return publicPages.has(id) ? 'common' : 'data';
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
                if (
                  !reported.includes(chunk.name) &&
                  !(chunk.name === 'data' && reported[0] === '1')
                )
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
