// `npm run bench`: builds once, then runs every figure script in scripts/bench/ in name order.
// Each section prints its own lines; issues add their figures as new files there.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const build = spawnSync('npx', ['astro', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

const sections = readdirSync(new URL('./bench/', import.meta.url))
  .filter((name) => name.endsWith('.mjs') && !name.startsWith('_'))
  .sort();
let failed = false;
for (const name of sections) {
  console.log(`\n## ${name.replace(/^\d+-/, '').replace(/\.mjs$/, '')}`);
  const result = spawnSync('node', [`scripts/bench/${name}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
