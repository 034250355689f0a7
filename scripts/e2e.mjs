// Runs the Playwright suite in Debian's Chromium against a fresh embedded database, keeping
// browser temp folders inside the project (TOOLCHAIN.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

mkdirSync('tmp', { recursive: true });
rmSync('tmp/e2e-data', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: `${process.cwd()}/tmp` },
});
process.exit(result.status ?? 1);
