// Tools the tests run that npm cannot provide (Chromium, poppler's PDF readers) come from
// Debian: on a fresh Debian machine, as root, a missing one is installed with apt-get.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Makes sure `file` exists, installing Debian's `pkg` when it does not; false if it cannot. */
export function ensureDebianPackage(file, pkg) {
  if (existsSync(file)) return true;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`✖ ${file} is missing. Install Debian's package: sudo apt-get install -y ${pkg}`);
    return false;
  }
  console.log(`${file} is missing: installing Debian’s ${pkg} package with apt-get…`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit' });
  return install.status === 0 && existsSync(file);
}
