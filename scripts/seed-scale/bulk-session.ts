import pg from 'pg'
import * as words from './words.ts'

/** How long one kind of write took in all, and how many rows it wrote. */
export type StepTime = { label: string; rows: number; ms: number }

/**
 * The one connection the bulk load runs on. Its temporary tables (the pools of products and
 * customers, each batch's plan) and helper functions live in this session, so they need no clean-up
 * and never show to the app.
 */
export type BulkSession = {
  /** Runs a statement; answers its rows. */
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<Row[]>
  /** Runs a statement that writes the shop's rows, adding its row count and time to `label`. */
  write(label: string, text: string, params?: unknown[]): Promise<number>
  /** Runs `work` in one transaction: a batch is written whole or not at all. */
  transaction<T>(work: () => Promise<T>): Promise<T>
  /** Every label's total so far, in the order first written. */
  times(): StepTime[]
  close(): Promise<void>
}

/**
 * Opens the bulk connection and prepares its session: commits that do not wait for the disk (a
 * crash loses at most the last batches of the seed, never the app's data), no JIT for the many
 * short statements, and the word lists as a one-row table that statements cross-join.
 * @example const session = await openBulkSession(process.env.DATABASE_URL)
 */
export async function openBulkSession(url: string): Promise<BulkSession> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const totals = new Map<string, StepTime>()
  const session: BulkSession = {
    async query(text, params) {
      return (await client.query(text, params)).rows
    },
    async write(label, text, params) {
      const started = performance.now()
      const result = await client.query(text, params)
      const step = totals.get(label) ?? { label, rows: 0, ms: 0 }
      step.rows += result.rowCount ?? 0
      step.ms += performance.now() - started
      totals.set(label, step)
      return result.rowCount ?? 0
    },
    async transaction(work) {
      await client.query('begin')
      try {
        const result = await work()
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      }
    },
    times: () => [...totals.values()],
    close: () => client.end(),
  }
  await prepareSession(session)
  return session
}

async function prepareSession(session: BulkSession) {
  await session.query(`set synchronous_commit = off; set jit = off; set work_mem = '64MB'`)
  await session.query(
    `
    create temporary table scale_words as select
      $1::text[] as adjectives, $2::text[] as materials, $3::text[] as nouns, $4::text[] as openings,
      $5::text[] as uses, $6::jsonb as variation_sets, $7::text[] as first_names, $8::text[] as last_names,
      $9::text[] as streets, $10::jsonb as cities, $11::text[] as good_titles, $12::text[] as middling_titles,
      $13::text[] as poor_titles, $14::text[] as good_comments, $15::text[] as middling_comments,
      $16::text[] as poor_comments, $17::text[] as carriers`,
    [
      words.productAdjectives,
      words.productMaterials,
      words.productNouns,
      words.descriptionOpenings,
      words.descriptionUses,
      JSON.stringify(words.variationSets),
      words.firstNames,
      words.lastNames,
      words.streetNames,
      JSON.stringify(words.cities),
      words.reviewTitles.good,
      words.reviewTitles.middling,
      words.reviewTitles.poor,
      words.reviewComments.good,
      words.reviewComments.middling,
      words.reviewComments.poor,
      words.carriers,
    ],
  )
  // One of `items`, chosen by r in [0, 1).
  await session.query(`
    create function pg_temp.pick(items text[], r float8) returns text language sql immutable
    as $$ select items[1 + floor(r * cardinality(items))::int] $$`)
  // A complete postal address (app/rules/address.ts) for `name`, from two random numbers. One
  // expression without FROM, so that PostgreSQL inlines it instead of calling it row by row.
  await session.query(`
    create function pg_temp.address(name text, r1 float8, r2 float8, streets text[], cities jsonb) returns jsonb
    language sql immutable as $$
      select jsonb_build_object(
        'name', name,
        'street', (1 + floor(r1 * 400))::int || ' ' || pg_temp.pick(streets, r2),
        'line2', case when r2 < 0.2 then 'Unit ' || (1 + floor(r1 * 40))::int else '' end,
        'city', cities -> floor(r1 * jsonb_array_length(cities))::int ->> 0,
        'state', cities -> floor(r1 * jsonb_array_length(cities))::int ->> 1,
        'zip', cities -> floor(r1 * jsonb_array_length(cities))::int ->> 2,
        'country', cities -> floor(r1 * jsonb_array_length(cities))::int ->> 3,
        'phone', (cities -> floor(r1 * jsonb_array_length(cities))::int ->> 4) || lpad(floor(r2 * 100)::int::text, 2, '0')) $$`)
  // The unit price of app/rules/pricing.ts: the tier with the largest minimum quantity not above
  // `quantity` (else the base price), plus the variation's modifier, never below zero. Tiers come as
  // their minimum quantities in ascending order and their prices (see the product pool).
  await session.query(`
    create function pg_temp.unit_price(tier_quantities int[], tier_prices int[], base int, quantity int, modifier int)
    returns int language sql immutable as $$
      select greatest(0, coalesce(tier_prices[nullif(width_bucket(quantity, tier_quantities), 0)], base)
        + coalesce(modifier, 0)) $$`)
  // Seconds between two moments, as a fraction of a span: where a moment falls in a range of time.
  await session.query(`
    create function pg_temp.share(at timestamptz, since timestamptz, span_seconds float8) returns float8
    language sql immutable as $$ select least(1, greatest(0, extract(epoch from at - since) / span_seconds)) $$`)
}
