// Browser code is minified with terser instead of esbuild (issue 29): about 2 KB less after
// gzip on Track's first visit, which counts towards its 100 KB budget (docs/bench.md). The
// chunks are ES modules (so top-level names may be shortened too); two compress passes find a
// little more. The server build keeps Vite's default.
//
// `safari10: false` (issue 29: 0.17 KB less on Track, most of it React's): Vite turns on
// terser's work-arounds for bugs of Safari 10 and 11, which keep loop variables and some names
// apart. Those versions cannot run this code anyway: Astro builds the client for `esnext`, so
// the app's own syntax and calls (`??=`, `Object.hasOwn`) already need Safari 15.4 or later.
//
// `reduce_funcs: false` (issue 29: 0.23 KB less on Track after gzip, React 0.38 less, the app's
// chunk 0.13 more): terser no longer pastes a function used once into the one place that calls
// it. The code is a few bytes longer, but React's functions stay alike enough for gzip to find
// them again. It only leaves an optimisation out, so nothing behaves differently. Options were
// measured one by one on Track's first visit (docs/bench.md); the others either saved under
// 0.1 KB, made it larger, or change behaviour in code like this (pure_getters, unsafe_*).
/** @type {import('vite').BuildOptions['terserOptions']} */
const TERSER = {
  module: true,
  ecma: 2020,
  safari10: false,
  compress: { passes: 2, reduce_funcs: false },
  format: { ecma: 2020 },
};

/** @returns {import('astro').AstroIntegration} */
export default function clientMinify() {
  return {
    name: 'hourmark-client-minify',
    hooks: {
      'astro:build:setup': ({ vite, target }) => {
        if (target !== 'client') return;
        vite.build ??= {};
        vite.build.minify = 'terser';
        vite.build.terserOptions = TERSER;
      },
    },
  };
}
