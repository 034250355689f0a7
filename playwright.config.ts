import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium-options.mjs';

const port = Number(process.env.E2E_PORT ?? 4390);
const baseURL = `http://localhost:${port}`;
// The test mailbox sits beside the app's port, so parallel suites (other E2E_PORT) do not share it.
const mailboxSmtpPort = port + 100;
const mailboxHttpPort = port + 200;

// Debian's Chromium, never a downloaded browser (TOOLCHAIN.md).
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails now and then is a defect to fix, not to run again.
  retries: 0,
  reporter: [['list']],
  outputDir: 'tmp/test-results',
  use: {
    baseURL,
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      // The app's outgoing mail goes here (a real SMTP server); tests read it over HTTP.
      command: 'npx tsx tests/e2e/support/mailbox-server.ts',
      url: `http://127.0.0.1:${mailboxHttpPort}/messages`,
      reuseExistingServer: false,
      env: {
        MAILBOX_SMTP_PORT: String(mailboxSmtpPort),
        MAILBOX_HTTP_PORT: String(mailboxHttpPort),
      },
    },
    {
      command: 'node scripts/start.mjs',
      // /health answers 200 once the database is open and migrated, so no test pays for that.
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: 'localhost',
        // E2E_DATA_DIR lets two suites run side by side (each with its own E2E_PORT and ASTRO_OUT_DIR).
        DATA_DIR: process.env.E2E_DATA_DIR ?? 'tmp/e2e-data',
        // As behind nginx: API calls in tests carry X-Forwarded-For (support/addresses.ts), so
        // the per-address sign-up and sign-in limits do not add up across the whole suite.
        TRUST_PROXY: '1',
        // `npm test` repeats the sign-in tests with DATABASE_URL set, against a real PostgreSQL.
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}`,
        // Links in mails come only from PUBLIC_URL; a server with SMTP_URL does not start without it.
        PUBLIC_URL: baseURL,
      },
    },
  ],
});
