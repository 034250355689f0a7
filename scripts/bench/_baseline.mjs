// The build a bench compares with, measured in the same run on the same machine (issue 26: the
// sync figures must stay within 15 % of the code before named commands and the one commit).
// BENCH_BASELINE names a git commit (default: BASELINE below, main before issue 26); `none`
// skips the comparison. The commit is unpacked once into the temp folder, its packages
// installed from its own lockfile, and built there; later runs reuse that build.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** main before issue 26's named commands and one commit. */
const BASELINE = '35ba60b';

/** `{ label, dir }` of the baseline's built checkout, or null when none is asked for. */
export function baseline() {
  const ref = process.env.BENCH_BASELINE ?? BASELINE;
  if (ref === 'none') return null;
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `hourmark-baseline-${sha}`);
  const modules = join(dir, 'node_modules');
  // Its own packages, from its own lockfile: sharing this checkout's broke the baseline as soon
  // as a package it imports (date-fns) left this checkout's dependencies.
  const ownPackages = existsSync(modules) && !lstatSync(modules).isSymbolicLink();
  if (!ownPackages || !existsSync(join(dir, 'dist', 'server', 'entry.mjs'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`]);
    if (!ownPackages) {
      rmSync(modules, { recursive: true, force: true });
      const installed = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (installed.status !== 0) throw new Error(`the baseline ${sha}'s packages did not install`);
    }
    const built = spawnSync('npx', ['astro', 'build'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error(`the baseline ${sha} did not build`);
  }
  return { label: `baseline ${sha}`, dir };
}

/** "+4 %" / "−12 %" of `now` against `before`, flagged past `limit` percent worse. */
export function change(now, before, { limit = 15, higherIsBetter = false } = {}) {
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return 'n/a';
  const percent = ((now - before) / before) * 100;
  const worse = higherIsBetter ? -percent : percent;
  const sign = percent >= 0 ? '+' : '−';
  return `${sign}${Math.abs(percent).toFixed(0)} %${worse > limit ? ` (over ${limit} % worse)` : ''}`;
}
