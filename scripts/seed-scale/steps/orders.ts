import type { BulkSession } from '../bulk-session.ts'
import { activityMoment, skewed } from '../pools.ts'
import { inBatches, onEverySession, type ScaleRun, takeRollupTurn } from '../scale-run.ts'

const BATCH = 25_000

/** Who the back-office events of the seeded orders (shipped, delivered, refunded) name. */
export type ShopActor = { id: string | null; label: string }

/**
 * Orders as checkout and the order page leave them, each with its lines (1-4, priced by the
 * product's tiers and variation), its history and its invoice with the same items (plus shipping)
 * and the same total. Three in four were paid by card at checkout (3% in the demo checkout, never
 * shipped); the rest were placed from the order page and paid later from the invoice, cancelled
 * (half of those invoices voided) or are still pending. Paid orders move on with age: processing,
 * shipped, delivered; some were cancelled and refunded in full, some refunded in part. Numbers are
 * one block of the orders' own sequence, given in the order of time; the shop's next order continues it.
 * @example await seedOrders(run, { id: admin.id, label: admin.email })
 */
export async function seedOrders(run: ScaleRun, actor: ShopActor) {
  await onEverySession(run, createBatchTables)
  const firstNumber = await reserveOrderNumbers(run.sessions[0], run.counts.orders)
  await inBatches(run, 'orders', run.counts.orders, BATCH, async (session, first, last) => {
    await session.query('truncate order_plan, line_picks, planned_lines, planned_orders')
    // Rows go in sorted by the key they are looked up by (their own id, or their order's): each index
    // page is then visited once per batch, not once per row, which a small buffer cache feels most.
    await planOrders(run, session, first, last)
    await takeRollupTurn(session)
    await session.write(
      'orders',
      `insert into orders (id, number, user_id, email, status, payment_status, subtotal_cents, shipping_cents, total_cents,
         shipping_address, payment_session_id, test_payment, payment_provider, payment_reference, refunded_cents,
         paid_at, shipped_at, delivered_at, cancelled_at, carrier, tracking_number, created_at, updated_at)
       select id, $1::int + i - 1, user_id, email, status, payment_status, subtotal_cents, shipping_cents, total_cents,
         shipping_address, payment_session_id, test_payment, payment_provider, payment_reference, refunded_cents,
         paid_at, shipped_at, delivered_at, cancelled_at, carrier, tracking_number, created_at,
         greatest(created_at, paid_at, shipped_at, delivered_at, cancelled_at)
       from planned_orders order by id`,
      [firstNumber],
    )
    await session.write(
      'order_lines',
      `insert into order_lines (order_id, product_id, title, variation, quantity, unit_price_cents, total_price_cents)
       select order_id, product_id, title, variation, quantity, unit_price_cents, quantity * unit_price_cents
       from planned_lines order by order_id`,
    )
    await writeOrderEvents(run, session, actor)
    await session.write(
      'invoices',
      `insert into invoices (id, user_id, email, order_id, status, total_cents, payment_date, payment_reference,
         test_payment, refunded_cents, voided_at, created_at, updated_at)
       select invoice_id, user_id, email, id, invoice_status, total_cents, paid_at, payment_reference, test_payment,
         refunded_cents, case when invoice_status = 'void' then cancelled_at end, created_at,
         greatest(created_at, paid_at, case when invoice_status = 'void' then cancelled_at end)
       from planned_orders order by invoice_id`,
    )
    await session.write(
      'invoice_items',
      `insert into invoice_items (invoice_id, product_id, description, quantity, unit_price_cents, position)
       select o.invoice_id, l.product_id, l.title || coalesce(' (' || (l.variation ->> 'name') || ')', ''),
         l.quantity, l.unit_price_cents, l.position
       from planned_lines as l join planned_orders as o on o.id = l.order_id
       union all
       select invoice_id, null, 'Shipping', 1, shipping_cents, line_count from planned_orders where shipping_cents > 0
       order by 1, 6`,
    )
  })
}

/**
 * Takes the run's order numbers from the orders' sequence as one block, so that they follow the
 * orders' dates although batches are written side by side; the shop's next order continues after it.
 */
async function reserveOrderNumbers(session: BulkSession, count: number): Promise<number> {
  const [{ first }] = await session.query<{ first: number }>(`select nextval('orders_number_seq')::int as first`)
  await session.query(`select setval('orders_number_seq', $1::bigint)`, [first + count - 1])
  return first
}

async function createBatchTables(session: BulkSession) {
  await session.query(`
    create temporary table order_plan (
      i int, id uuid, invoice_id uuid, created_at timestamptz, customer_n int, via text, line_count int,
      r_pay float8, r_fulfil float8, r_misc float8, r_name float8);
    create temporary table line_picks (order_id uuid, k int, product_n int, r_quantity float8, r_variation float8);
    create temporary table planned_lines (
      order_id uuid, position int, product_id uuid, title text, variation jsonb, quantity int, unit_price_cents int);
    create temporary table planned_orders (
      id uuid, invoice_id uuid, i int, user_id uuid, email text, status text, payment_status text, invoice_status text,
      subtotal_cents int, shipping_cents int, total_cents int, line_count int, shipping_address jsonb,
      payment_session_id text, test_payment boolean, payment_provider text, payment_reference text,
      refunded_cents int, paid_at timestamptz, shipped_at timestamptz, delivered_at timestamptz,
      cancelled_at timestamptz, carrier text, tracking_number text, created_at timestamptz)`)
}

/** Each order of the batch decided in full in temporary tables, before anything is written. */
async function planOrders(run: ScaleRun, session: BulkSession, first: number, last: number) {
  const { timeline } = run
  await session.write(
    'orders (planning)',
    `insert into order_plan
     select i, gen_random_uuid(), gen_random_uuid(), created_at,
       case when via = 'order' or r_guest >= 0.1 then ${skewed('pg_temp.customers_at(created_at)', 'r_customer')} end,
       via,
       case when r_lines < 0.45 then 1 when r_lines < 0.75 then 2 when r_lines < 0.9 then 3 else 4 end,
       random(), random(), random(), random()
     from (
       select i, ${activityMoment(timeline, 'i', run.counts.orders)} as created_at,
         case when random() < 0.75 then 'checkout' else 'order' end as via,
         random() as r_guest, random() as r_customer, random() as r_lines
       from generate_series($1::int, $2::int) as i
     ) as g`,
    [first, last],
  )
  await session.write(
    'orders (planning)',
    `insert into line_picks
     select o.id, k, ${skewed('pg_temp.products_at(o.created_at)', 'random()', 1.6)}, random(), random()
     from order_plan as o, generate_series(1, o.line_count) as k`,
  )
  // A product appears once per order, as the cart and the order page merge its lines.
  await session.write(
    'orders (planning)',
    `insert into planned_lines
     select order_id, (row_number() over (partition by order_id order by k) - 1)::int, product_id, title, variation,
       quantity, unit_price_cents
     from (
       select distinct on (x.order_id, x.product_n) x.order_id, x.k, p.id as product_id, p.title,
         case when chosen.variation is not null
           then jsonb_build_object('id', chosen.variation ->> 'id', 'name', chosen.variation ->> 'name') end as variation,
         q.quantity,
         pg_temp.unit_price(p.tier_quantities, p.tier_prices, p.price_cents, q.quantity,
           (chosen.variation ->> 'priceModifierCents')::int) as unit_price_cents
       from line_picks as x
       join scale_products as p on p.n = x.product_n
       cross join lateral (select p.variations -> floor(x.r_variation * p.variation_count)::int as variation) as chosen
       cross join lateral (
         select case when p.tiered and x.r_quantity < 0.4
           then (array[10, 10, 12, 20, 25, 50, 60, 100])[1 + floor(x.r_quantity / 0.4 * 8)::int]
           else 1 + floor(4 * power(x.r_quantity, 3))::int end as quantity
       ) as q
       order by x.order_id, x.product_n, x.k
     ) as distinct_lines`,
  )
  // Materialized: each step's columns are computed once, not again wherever a later step reads them.
  await session.write(
    'orders (planning)',
    `insert into planned_orders
     with priced as materialized (
       select o.*, c.id as user_id, c.email as customer_email, c.name as customer_name, c.address as customer_address,
         s.subtotal_cents, s.line_count as lines, case when o.via = 'checkout' then 500 else 0 end as shipping_cents,
         o.via = 'checkout' and o.r_misc < 0.03 as test_payment
       from order_plan as o
       join (select order_id, sum(quantity * unit_price_cents)::int as subtotal_cents, count(*)::int as line_count
             from planned_lines group by order_id) as s on s.order_id = o.id
       left join scale_customers as c on c.n = o.customer_n
     ), paid as materialized (
       select priced.*, subtotal_cents + shipping_cents as total_cents,
         case
           when via = 'checkout' then created_at + make_interval(secs => 60 + 180 * r_misc)
           when r_pay < 0.8 and created_at + make_interval(secs => 43200 + 345600 * r_misc) < $1::timestamptz
             then created_at + make_interval(secs => 43200 + 345600 * r_misc)
         end as paid_at
       from priced
     ), moved as materialized (
       select paid.*,
         case
           when paid_at is null then
             case when $1::timestamptz - created_at >= interval '30 days' and r_fulfil < 0.985 then 'cancelled' else 'pending' end
           when test_payment then
             case when $1::timestamptz - paid_at >= interval '10 days' and r_fulfil < 0.7 then 'cancelled' else 'processing' end
           when $1::timestamptz - paid_at < interval '2 days' then 'processing'
           when $1::timestamptz - paid_at < interval '10 days' then
             case when r_fulfil < 0.25 then 'processing' when r_fulfil < 0.85 then 'shipped' else 'delivered' end
           when r_fulfil < 0.05 then 'cancelled'
           when r_fulfil < 0.07 then 'shipped'
           else 'delivered'
         end as status,
         case
           when paid_at is null then 'unpaid'
           when test_payment then 'test'
           when $1::timestamptz - paid_at < interval '10 days' then 'paid'
           when r_fulfil < 0.05 then 'refunded'
           when r_fulfil >= 0.07 and r_fulfil < 0.1 then 'partially_refunded'
           else 'paid'
         end as payment_status
       from paid
     )
     select id, invoice_id, i, user_id, coalesce(customer_email, 'guest-' || i || '@s' || $2 || '.example.org'),
       status, payment_status,
       case when payment_status <> 'unpaid' then 'paid' when status = 'cancelled' and r_misc < 0.5 then 'void'
         else 'unpaid' end,
       subtotal_cents, shipping_cents, total_cents, lines,
       case when via = 'order' then customer_address
         else coalesce(customer_address, pg_temp.address(
           coalesce(customer_name, pg_temp.pick(w.first_names, r_name) || ' ' || pg_temp.pick(w.last_names, r_misc)),
           r_name, r_misc, w.streets, w.cities)) end,
       case when via = 'checkout' then case when test_payment then 'demo_' else 'cs_' end || md5(id::text) end,
       test_payment,
       case when paid_at is not null then case when test_payment then 'demo' else 'stripe' end end,
       case when test_payment then 'demo_' || md5(id::text)
         when paid_at is not null then 'pi_' || substr(md5(invoice_id::text), 1, 24) end,
       case payment_status when 'refunded' then total_cents when 'partially_refunded' then greatest(1, total_cents / 4)
         else 0 end,
       paid_at,
       case when status in ('shipped', 'delivered') then least($1::timestamptz, paid_at + make_interval(secs => 86400 + 259200 * r_misc)) end,
       case when status = 'delivered' then least($1::timestamptz, paid_at + make_interval(secs => 259200 + 604800 * r_misc)) end,
       case when status = 'cancelled' then least($1::timestamptz, coalesce(paid_at + interval '1 day', created_at + interval '20 days')) end,
       case when status in ('shipped', 'delivered') then pg_temp.pick(w.carriers, r_name) end,
       case when status in ('shipped', 'delivered') then '1Z' || upper(substr(md5(id::text || 'parcel'), 1, 16)) end,
       created_at
     from moved cross join scale_words as w`,
    [timeline.now.toISOString(), run.tag],
  )
}

/**
 * Each order's history as the app records it: placed, paid, shipped, delivered, refunded and
 * cancelled, in the order they happened (the history is read in insertion order).
 */
async function writeOrderEvents(run: ScaleRun, session: BulkSession, actor: ShopActor) {
  await session.write(
    'order_events',
    `insert into order_events (order_id, kind, actor_id, actor_label, message, details, created_at)
     select order_id, kind, actor_id, actor_label, message, details, at from (
       select id as order_id, 'placed' as kind, null::uuid as actor_id,
         case when user_id is null then 'Guest' else 'Customer' end as actor_label, 'Order placed' as message,
         null::jsonb as details, created_at as at, 1 as step
       from planned_orders
       union all
       select id, 'paid', null, case when test_payment then 'Demo checkout' else 'Stripe' end,
         case when test_payment then 'Test payment received (no money taken)' else 'Payment received' end,
         jsonb_build_object('amountCents', total_cents, 'reference', payment_reference), paid_at, 2
       from planned_orders where paid_at is not null
       union all
       select id, 'shipped', $1::uuid, $2, 'Shipped with ' || carrier || ', tracking number ' || tracking_number,
         jsonb_build_object('carrier', carrier, 'trackingNumber', tracking_number, 'trackingUrl', null), shipped_at, 3
       from planned_orders where shipped_at is not null
       union all
       select id, 'status', $1::uuid, $2, 'Status: shipped → delivered', null, delivered_at, 4
       from planned_orders where delivered_at is not null
       union all
       select id, 'refunded', $1::uuid, $2,
         'Refunded $' || to_char(refunded_cents / 100.0, 'FM999999990.00')
           || case when payment_status = 'refunded' then ' (in full)' else ' (in part)' end,
         jsonb_build_object('amountCents', refunded_cents, 'refundId', 're_' || substr(md5(id::text), 1, 24),
           'reason', case when status = 'cancelled' then 'Order cancelled' end),
         coalesce(cancelled_at, least($3::timestamptz, delivered_at + interval '5 days')), 5
       from planned_orders where refunded_cents > 0
       union all
       select id, 'status', $1::uuid, $2,
         'Status: ' || case when paid_at is null then 'pending' else 'processing' end || ' → cancelled', null,
         cancelled_at, 6
       from planned_orders where cancelled_at is not null
     ) as events
     order by order_id, at, step`,
    [actor.id, actor.label, run.timeline.now.toISOString()],
  )
}
