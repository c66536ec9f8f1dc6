import path from 'node:path'
import { defineConfig } from 'vitest/config'
import shared from '../../vitest.config.ts'

// The scale seed's tests, apart from the default run: they need a real PostgreSQL server
// (TEST_DATABASE_URL) and fail without one, so `npm test` on the embedded database leaves them out.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --config scripts/seed-scale/vitest.config.ts
export default defineConfig({
  ...shared,
  root: path.resolve(import.meta.dirname, '../..'),
  test: { ...shared.test, include: ['scripts/seed-scale/**/*.test.ts'] },
})
