// Astro integration: after the build, writes Brotli and gzip copies of every hashed asset in
// dist/client/_astro, which scripts/serve.mjs sends to browsers that accept them. The Node
// adapter serves files uncompressed, so without this every visitor downloads ~4× the bytes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;

/** @returns {import('astro').AstroIntegration} */
export default function precompressIntegration() {
  return {
    name: 'hourmark-precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const assets = join(fileURLToPath(dir), '_astro');
        let count = 0;
        for (const name of readdirSync(assets)) {
          const path = join(assets, name);
          if (!COMPRESSIBLE.test(name) || statSync(path).size < 512) continue;
          const body = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
          count += 1;
        }
        logger.info(`precompressed ${count} assets (br, gz)`);
      },
    },
  };
}
