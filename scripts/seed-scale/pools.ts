import type { BulkSession } from './bulk-session.ts'

const DAY_SECONDS = 24 * 60 * 60

/**
 * When things happen in the seeded shop, counted back from the run's start: the catalogue grows
 * over 800 days, customers join over 760, and the orders, reviews and quotes of the last two years
 * come more often as the shop grows.
 */
export function scaleTimeline(now: Date) {
  const back = (days: number) => new Date(now.getTime() - days * DAY_SECONDS * 1000)
  return {
    now,
    products: { from: back(800), seconds: 799 * DAY_SECONDS },
    customers: { from: back(760), seconds: 759 * DAY_SECONDS },
    // Ends an hour ago, so that a payment a few minutes after the order is still in the past.
    activity: { from: back(730), seconds: 730 * DAY_SECONDS - 3600 },
  }
}

export type ScaleTimeline = ReturnType<typeof scaleTimeline>

/** How many products and customers the shop had before this run, and the run's own. */
export type PoolSizes = { products: number; customers: number; seededProducts: number; seededCustomers: number }

/**
 * Numbers the shop's products and customers 1..n in temporary tables, the ones already there
 * first (treated as there from the start), then this run's in the order they were created. Orders,
 * reviews and quotes pick from them by number: `pg_temp.products_at(t)` and
 * `pg_temp.customers_at(t)` say how many existed at a moment, so nothing is bought before it was
 * listed or by someone who had not joined yet. Low numbers are picked more often (see `skewed`):
 * the oldest products sell best.
 */
export async function createPools(
  session: BulkSession,
  options: { tag: string; timeline: ScaleTimeline; customerRole: string },
): Promise<PoolSizes> {
  const { tag, timeline } = options
  await session.query(
    `create temporary table scale_products as
     select (row_number() over (order by coalesce(sku like $1, false), created_at, id))::int as n, id, title, price_cents,
       price_type = 'tiered' and tiered_pricing <> '[]'::jsonb as tiered,
       array(select (tier ->> 'quantity')::int from jsonb_array_elements(tiered_pricing) as tier
             where price_type = 'tiered' order by 1) as tier_quantities,
       array(select (tier ->> 'priceCents')::int from jsonb_array_elements(tiered_pricing) as tier
             where price_type = 'tiered' order by (tier ->> 'quantity')::int) as tier_prices,
       variations, jsonb_array_length(variations) as variation_count, coalesce(sku like $1, false) as seeded
     from products`,
    [`S${tag}-%`],
  )
  await session.query(
    `create temporary table scale_customers as
     select (row_number() over (order by email like $1, created_at, id))::int as n, id, email, name,
       case when shipping_address ->> 'street' <> '' and shipping_address ->> 'city' <> ''
         and shipping_address ->> 'state' <> '' and shipping_address ->> 'zip' <> '' then shipping_address end as address,
       email like $1 as seeded
     from users where role = $2`,
    [`%@s${tag}.example.com`, options.customerRole],
  )
  await session.query('alter table scale_products add primary key (n); alter table scale_customers add primary key (n)')
  await session.query('analyze scale_products; analyze scale_customers')
  const [sizes] = await session.query<{ products: number; customers: number; seeded_p: number; seeded_c: number }>(
    `select (select count(*) from scale_products)::int as products, (select count(*) from scale_customers)::int as customers,
       (select count(*) from scale_products where seeded)::int as seeded_p,
       (select count(*) from scale_customers where seeded)::int as seeded_c`,
  )
  if (sizes.customers === 0) throw new Error('The shop has no customers to place orders')
  const pool = { products: sizes.products, customers: sizes.customers }
  const seeded = { products: sizes.seeded_p, customers: sizes.seeded_c }
  // Functions of this session only; the numbers are ours (counts and dates), not outside input.
  for (const kind of ['products', 'customers'] as const) {
    const span = timeline[kind]
    await session.query(`
      create function pg_temp.${kind}_at(at timestamptz) returns float8 language sql immutable as $$
        select greatest(1, floor(${pool[kind] - seeded[kind]} + ${seeded[kind]}
          * pg_temp.share(at, '${span.from.toISOString()}'::timestamptz, ${span.seconds})))::float8 $$`)
  }
  return {
    products: pool.products,
    customers: pool.customers,
    seededProducts: seeded.products,
    seededCustomers: seeded.customers,
  }
}

/**
 * SQL for a number in 1..available, low numbers more likely (power > 1), from a random r in [0, 1).
 * @example `${skewed('pg_temp.products_at(o.created_at)', 'random()', 1.6)}`
 */
export function skewed(available: string, random: string, power = 1): string {
  return `(1 + floor((${available}) * power(${random}, ${power}))::int)`
}

/**
 * SQL for the moment of the i-th of n events over the timeline's activity span: later events
 * come closer together (the shop grows), and each falls in its own slice, so numbers follow time.
 */
export function activityMoment(timeline: ScaleTimeline, i: string, n: number): string {
  return `('${timeline.activity.from.toISOString()}'::timestamptz + make_interval(secs => ${timeline.activity.seconds} * power((${i} - random()) / ${n}::float8, 0.8)))`
}
