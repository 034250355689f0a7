import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Lists the built scripts and styles in /offline-assets.json, so the service worker
// (public/sw.js) can keep every one of them at install, including the code screens load
// on first use (the add-log form, the edit dialog): offline, nothing is fetched for the
// first time.
const ASSET = /\.(js|css)$/;

/** @returns {import('astro').AstroIntegration} */
export default function offlineAssets() {
  return {
    name: 'hourmark-offline-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const assets = readdirSync(join(root, '_astro'))
          .filter((name) => ASSET.test(name))
          .map((name) => `/_astro/${name}`);
        writeFileSync(join(root, 'offline-assets.json'), JSON.stringify(assets));
        logger.info(`listed ${assets.length} assets for offline use`);
      },
    },
  };
}
