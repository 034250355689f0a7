import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit (lib, stores), component (islands, ui; jsdom per file) and server tests.
// Browser tests live in tests/e2e and run under Playwright instead.
export default defineConfig({
  test: {
    include: ['tests/{unit,components,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    // Every core, not vitest's default of one fewer: the server tests spend much of their time
    // waiting on PostgreSQL, xmllint and pdftotext in other processes, so on CI's 2 cores two
    // files at once finish the suite about a third sooner (194 s → 133 s on 32 server files).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/setup.ts', 'tests/setup-server.ts'],
  },
});
