import { preparePostgresTemplate } from './test-database.ts'

// With TEST_DATABASE_URL set, the migrated PostgreSQL template is built once for the whole run;
// each test file then clones it (fast) instead of migrating a database of its own.
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (url) await preparePostgresTemplate(url)
}
