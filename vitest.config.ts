import { configDefaults, defineConfig } from 'vitest/config'

// Unit and integration tests. Kept apart from vite.config.ts: the React Router plugin is for
// the app build, not for tests. Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/bench/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    // A *.postgres.test.ts needs a PostgreSQL server: chosen only when TEST_DATABASE_URL names one.
    exclude: process.env.TEST_DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, '**/*.postgres.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/setup-test-env.ts'],
    globalSetup: ['./tests/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
