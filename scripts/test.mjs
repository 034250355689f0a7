// `npm test`: every check and test, in the order that fails fastest. Starts a throwaway
// PostgreSQL (scripts/postgres.mjs) so the server tests and the sign-in browser tests also
// run against a real server, not only the embedded PGlite.
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from './debian-package.mjs';
import { startPostgres } from './postgres.mjs';

class StepFailed extends Error {}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new StepFailed(`${label} failed`);
}

let pg = null;
try {
  run('types', 'npx', ['astro', 'check']);
  run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  run('formatting', 'npm', ['run', '--silent', 'format:check']);
  // The server tests read the PDFs they make with poppler's pdftotext, pdffonts and pdfinfo.
  if (!ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils'))
    throw new StepFailed('poppler-utils (pdftotext) is needed by the server tests');
  // The e-invoice tests check every UBL and Factur-X file against the official XSDs with
  // libxml2's xmllint (../shared/einvoice/validate.mjs): never skipped, so it must be there.
  if (!ensureDebianPackage('/usr/bin/xmllint', 'libxml2-utils'))
    throw new StepFailed('libxml2-utils (xmllint) is needed by the e-invoice validation tests');
  pg = await startPostgres();
  if (!pg && process.env.REQUIRE_POSTGRES === '1')
    throw new StepFailed('PostgreSQL is required (REQUIRE_POSTGRES=1) but could not be started');
  if (!pg) console.warn('\n⚠ PostgreSQL is not installed: server tests run on PGlite only.');
  run(
    'unit, component and server tests',
    'npx',
    ['vitest', 'run'],
    pg ? { TEST_DATABASE_URL: pg.url } : {},
  );
  run('build', 'npx', ['astro', 'build']);
  run('browser tests (Chromium, embedded PGlite)', 'node', ['scripts/e2e.mjs']);
  if (pg) {
    run(
      'sign-in and sync browser tests against PostgreSQL (DATABASE_URL)',
      'node',
      ['scripts/e2e.mjs', 'tests/e2e/auth', 'tests/e2e/sync'],
      {
        DATABASE_URL: pg.url,
        E2E_PORT: '4391',
      },
    );
  }
  console.log('\n✔ all checks and tests passed');
} catch (error) {
  console.error(`\n✖ ${error instanceof StepFailed ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  pg?.stop();
}
