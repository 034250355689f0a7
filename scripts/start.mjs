// Starts Hourmark: builds when dist/ is missing or older than the sources, then serves the
// static site and the API endpoints from one Node process with security headers.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsProblem } from '../src/server/http/hosts.mjs';

// Settings that cannot work stop the start before a build is spent on it.
const problem = settingsProblem(process.env);
if (problem) {
  console.error(`Hourmark cannot start: ${problem}`);
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, process.env.ASTRO_OUT_DIR ?? 'dist');
const entry = join(distDir, 'server/entry.mjs');
const watched = ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const sourcesChanged = () =>
  Math.max(...watched.map((p) => newestMtime(join(root, p)))) > statSync(entry).mtimeMs;

if (!existsSync(entry) || sourcesChanged()) {
  console.log('Building Hourmark (dist/ is missing or stale)…');
  const result = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { serve } = await import('./serve.mjs');
await serve({ distDir });
