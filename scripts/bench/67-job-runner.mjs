// The job runner's delay from enqueue to start, with and without NOTIFY (issue 31), on PGlite
// and, when PostgreSQL is installed, on PostgreSQL (scripts/bench/_job-delay.ts).
import { spawnSync } from 'node:child_process';
import { startPostgres } from '../postgres.mjs';
import { freshDatabase } from './_harness.mjs';

const run = (args) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/_job-delay.ts', ...args], {
    stdio: 'inherit',
  }).status;

let failed = run([]) !== 0;
const pg = await startPostgres();
if (pg) {
  try {
    failed = run([await freshDatabase(pg.url)]) !== 0 || failed;
  } finally {
    pg.stop();
  }
}
process.exit(failed ? 1 : 0);
