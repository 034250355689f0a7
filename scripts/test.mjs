// `npm test`: every check and test, in the order that fails fastest. Starts a throwaway
// PostgreSQL (scripts/postgres.mjs) so the server tests also run against a real server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

run('types', 'npx', ['astro', 'check']);
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);

let pgEnv = {};
let stopPostgres = () => {};
if (existsSync(new URL('./postgres.mjs', import.meta.url))) {
  const { startPostgres } = await import('./postgres.mjs');
  const pg = await startPostgres();
  if (pg) {
    pgEnv = { TEST_DATABASE_URL: pg.url };
    stopPostgres = pg.stop;
  } else if (process.env.REQUIRE_POSTGRES === '1') {
    console.error('✖ PostgreSQL is required (REQUIRE_POSTGRES=1) but could not be started');
    process.exit(1);
  }
}
try {
  run('unit, component and server tests', 'npx', ['vitest', 'run'], pgEnv);
} finally {
  stopPostgres();
}
run('build', 'npx', ['astro', 'build']);
run('browser tests (Chromium)', 'node', ['scripts/e2e.mjs']);
console.log('\n✔ all checks and tests passed');
