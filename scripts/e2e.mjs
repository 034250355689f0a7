// Runs the Playwright suite in Debian's Chromium against a fresh embedded database, keeping
// browser temp folders inside the project (TOOLCHAIN.md). Playwright never downloads a browser
// here: on a fresh Debian machine (as root) Chromium is installed with apt-get instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './chromium-options.mjs';
import { ensureDebianPackage } from './debian-package.mjs';

if (!ensureDebianPackage(chromiumLaunchOptions.executablePath, 'chromium')) process.exit(1);

mkdirSync('tmp', { recursive: true });
rmSync(process.env.E2E_DATA_DIR ?? 'tmp/e2e-data', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: `${process.cwd()}/tmp` },
});
// CI keeps only what the run printed: for each failed test, the page as the failure left it
// (Playwright's accessibility snapshot), so a failure seen once can be understood.
if (result.status !== 0) printFailedPages('tmp/test-results');
process.exit(result.status ?? 1);

function printFailedPages(folder) {
  let names = [];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(folder, name, 'error-context.md');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf('# Page snapshot');
    if (at < 0) continue;
    const end = text.indexOf('# Test source', at);
    const snapshot = text.slice(at, end < 0 ? undefined : end).split('\n');
    console.log(`\n── page at failure: ${name} ──`);
    console.log(
      snapshot
        .filter((line) => !/^\s*- \/url:/.test(line))
        .slice(0, 120)
        .join('\n'),
    );
  }
}
