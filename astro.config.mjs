// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import tailwind from '@astrojs/tailwind';
import node from '@astrojs/node';
import securityHeaders from './integrations/security-headers.mjs';
import precompress from './integrations/precompress.mjs';
import clientChunks from './integrations/client-chunks.mjs';
import clientMinify from './integrations/client-minify.mjs';
import offlineAssets from './integrations/offline-assets.mjs';

// Pages are prerendered to static HTML; only endpoints that opt out with
// `export const prerender = false` run on request in the Node adapter.
export default defineConfig({
  output: 'static',
  // ASTRO_OUT_DIR lets parallel builds (tests, bench) avoid overwriting each other.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    mdx(),
    tailwind({ applyBaseStyles: false }),
    securityHeaders(),
    clientChunks(),
    clientMinify(),
    precompress(),
    offlineAssets(),
  ],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // External stylesheets only, so the Content-Security-Policy can forbid inline styles.
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  security: { checkOrigin: false },
  vite: {
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    // pdfkit reads its data files and our fonts from node_modules at run time, so it is not bundled.
    ssr: {
      external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pdfkit', 'dejavu-fonts-ttf'],
    },
  },
});
