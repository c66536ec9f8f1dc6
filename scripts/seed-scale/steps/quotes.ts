import { QUOTE_VALID_DAYS } from '#app/modules/quotes/index.server.ts'
import type { BulkSession } from '../bulk-session.ts'
import { activityMoment, skewed } from '../pools.ts'
import { inBatches, onEverySession, type ScaleRun, takeRollupTurn } from '../scale-run.ts'

const BATCH = 25_000

/**
 * Customers' quotes with their items (1-4 products, larger quantities than orders, at the tier
 * price): about half still drafts, a third requested, and one in seven accepted by the shop, which
 * made each of those an invoice at the quoted prices, due two weeks later and mostly paid since.
 * Every quote expires two weeks after it was saved, as the quotes module sets it.
 * @example await seedQuotes(run)
 */
export async function seedQuotes(run: ScaleRun) {
  await onEverySession(run, createBatchTables)
  await inBatches(run, 'quotes', run.counts.quotes, BATCH, async (session, first, last) => {
    await session.query('truncate quote_plan, quote_picks, planned_quote_items, planned_quotes')
    await planQuotes(run, session, first, last)
    await takeRollupTurn(session)
    await session.write(
      'invoices (of quotes)',
      `insert into invoices (id, user_id, email, status, total_cents, due_date, payment_date, payment_reference,
         created_at, updated_at)
       select invoice_id, user_id, email, case when paid_at is null then 'unpaid' else 'paid' end, total_cents,
         to_char(accepted_at + interval '14 days', 'YYYY-MM-DD')::date, paid_at,
         case when paid_at is not null then 'pi_' || substr(md5(invoice_id::text), 1, 24) end,
         accepted_at, coalesce(paid_at, accepted_at)
       from planned_quotes where status = 'accepted'`,
    )
    await session.write(
      'invoice_items (of quotes)',
      `insert into invoice_items (invoice_id, product_id, description, quantity, unit_price_cents, position)
       select q.invoice_id, i.product_id, i.title, i.quantity, i.unit_price_cents, i.position
       from planned_quote_items as i join planned_quotes as q on q.id = i.quote_id where q.status = 'accepted'
       order by q.invoice_id, i.position`,
    )
    await session.write(
      'quotes',
      `insert into quotes (id, user_id, status, total_cents, expires_at, requested_at, invoice_id, accepted_at, created_at)
       select id, user_id, status, total_cents, expires_at, requested_at,
         case when status = 'accepted' then invoice_id end, accepted_at, created_at
       from planned_quotes order by created_at`,
    )
    await session.write(
      'quote_items',
      `insert into quote_items (quote_id, product_id, title, quantity, unit_price_cents, total_price_cents, position)
       select quote_id, product_id, title, quantity, unit_price_cents, quantity * unit_price_cents, position
       from planned_quote_items order by quote_id, position`,
    )
  })
}

async function createBatchTables(session: BulkSession) {
  await session.query(`
    create temporary table quote_plan (
      id uuid, invoice_id uuid, customer_n int, created_at timestamptz, item_count int, r_status float8,
      r_time float8, r_paid float8);
    create temporary table quote_picks (quote_id uuid, k int, product_n int, r_quantity float8);
    create temporary table planned_quote_items (
      quote_id uuid, position int, product_id uuid, title text, quantity int, unit_price_cents int);
    create temporary table planned_quotes (
      id uuid, invoice_id uuid, user_id uuid, email text, status text, total_cents int, created_at timestamptz,
      expires_at timestamptz, requested_at timestamptz, accepted_at timestamptz, paid_at timestamptz)`)
}

async function planQuotes(run: ScaleRun, session: BulkSession, first: number, last: number) {
  const { timeline } = run
  await session.write(
    'quotes (planning)',
    `insert into quote_plan
     select gen_random_uuid(), gen_random_uuid(), ${skewed('pg_temp.customers_at(created_at)', 'random()')}, created_at,
       case when r_items < 0.4 then 1 when r_items < 0.7 then 2 when r_items < 0.9 then 3 else 4 end,
       random(), random(), random()
     from (
       select ${activityMoment(timeline, 'i', run.counts.quotes)} as created_at, random() as r_items
       from generate_series($1::int, $2::int) as i
     ) as g`,
    [first, last],
  )
  await session.write(
    'quotes (planning)',
    `insert into quote_picks
     select q.id, k, ${skewed('pg_temp.products_at(q.created_at)', 'random()', 1.6)}, random()
     from quote_plan as q, generate_series(1, q.item_count) as k`,
  )
  await session.write(
    'quotes (planning)',
    `insert into planned_quote_items
     select quote_id, (row_number() over (partition by quote_id order by k) - 1)::int, product_id, title, quantity,
       pg_temp.unit_price(tier_quantities, tier_prices, price_cents, quantity, 0)
     from (
       select distinct on (x.quote_id, x.product_n) x.quote_id, x.k, p.id as product_id, p.title, p.tier_quantities,
         p.tier_prices, p.price_cents,
         case when p.tiered and x.r_quantity < 0.5
           then (array[10, 20, 25, 50, 100, 200])[1 + floor(x.r_quantity / 0.5 * 6)::int]
           else 1 + floor(10 * power(x.r_quantity, 2))::int end as quantity
       from quote_picks as x join scale_products as p on p.n = x.product_n
       order by x.quote_id, x.product_n, x.k
     ) as distinct_items`,
  )
  // Requested within two days of saving, accepted within five more: always before it expires.
  await session.write(
    'quotes (planning)',
    `insert into planned_quotes
     with timed as materialized (
       select q.*, c.id as user_id, c.email, t.total_cents,
         case when q.r_status >= 0.55 then q.created_at + make_interval(secs => 600 + 172800 * q.r_time) end as asked_at
       from quote_plan as q
       join scale_customers as c on c.n = q.customer_n
       join (select quote_id, sum(quantity * unit_price_cents)::int as total_cents from planned_quote_items
             group by quote_id) as t on t.quote_id = q.id
     ), answered as materialized (
       select timed.*, case when asked_at < $1::timestamptz then asked_at end as requested_at,
         case when r_status >= 0.85 and asked_at + make_interval(secs => 43200 + 388800 * r_time) < $1::timestamptz
           then asked_at + make_interval(secs => 43200 + 388800 * r_time) end as accepted_at
       from timed
     )
     select id, invoice_id, user_id, email,
       case when accepted_at is not null then 'accepted' when requested_at is not null then 'requested' else 'draft' end,
       total_cents, created_at, created_at + make_interval(days => $2), requested_at, accepted_at,
       case when $1::timestamptz - accepted_at > interval '20 days' and r_paid < 0.75
         then accepted_at + make_interval(secs => 86400 + 777600 * r_paid) end
     from answered`,
    [timeline.now.toISOString(), QUOTE_VALID_DAYS],
  )
}
