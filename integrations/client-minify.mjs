// Browser code is minified with terser instead of esbuild (issue 29): about 2 KB less after
// gzip on Track's first visit, which counts towards its 100 KB budget (docs/bench.md). The
// chunks are ES modules (so top-level names may be shortened too); two compress passes find a
// little more. The server build keeps Vite's default.
//
// `safari10: false` (issue 29: 0.17 KB less on Track, most of it React's): Vite turns on
// terser's work-arounds for bugs of Safari 10 and 11, which keep loop variables and some names
// apart. Those versions cannot run this code anyway: Astro builds the client for `esnext`, so
// the app's own syntax and calls (`??=`, `Object.hasOwn`) already need Safari 15.4 or later.
/** @type {import('vite').BuildOptions['terserOptions']} */
const TERSER = {
  module: true,
  ecma: 2020,
  safari10: false,
  compress: { passes: 2 },
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
