import { defineConfig } from 'vitest/config'

// `npm run test:deploy`: the shop as deployed (tests/deploy/cluster.ts), on the production build,
// PostgreSQL and haproxy. Apart from the other tests: it needs all three and owns its ports.
export default defineConfig({
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/setup-test-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One file at a time: each runs a whole cluster on the same ports.
    fileParallelism: false,
  },
})
