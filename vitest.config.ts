import { defineConfig } from 'vitest/config';

// Unit (lib, stores), component (islands, ui; jsdom per file) and server tests.
// Browser tests live in tests/e2e and run under Playwright instead.
export default defineConfig({
  test: {
    include: ['tests/{unit,components,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/setup.ts', 'tests/setup-server.ts'],
  },
});
