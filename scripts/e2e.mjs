// Runs the Playwright suite in Debian's Chromium against a fresh embedded database, keeping
// browser temp folders inside the project (TOOLCHAIN.md). Playwright never downloads a browser
// here: on a fresh Debian machine (as root) Chromium is installed with apt-get instead.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { chromiumLaunchOptions } from './chromium-options.mjs';
import { ensureDebianPackage } from './debian-package.mjs';

if (!ensureDebianPackage(chromiumLaunchOptions.executablePath, 'chromium')) process.exit(1);

mkdirSync('tmp', { recursive: true });
rmSync(process.env.E2E_DATA_DIR ?? 'tmp/e2e-data', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: `${process.cwd()}/tmp` },
});
process.exit(result.status ?? 1);
