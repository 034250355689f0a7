// Runs the Playwright suite in Debian's Chromium against a fresh embedded database, keeping
// browser temp folders inside the project (TOOLCHAIN.md). Playwright never downloads a browser
// here: on a fresh Debian machine (as root) Chromium is installed with apt-get instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { chromiumLaunchOptions } from './chromium-options.mjs';

const chromium = chromiumLaunchOptions.executablePath;
if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `✖ Chromium is not at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian’s chromium package with apt-get…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

mkdirSync('tmp', { recursive: true });
rmSync(process.env.E2E_DATA_DIR ?? 'tmp/e2e-data', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: `${process.cwd()}/tmp` },
});
process.exit(result.status ?? 1);
