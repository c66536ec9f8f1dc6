import { activityMoment, skewed } from '../pools.ts'
import { inBatches, onEverySession, type ScaleRun } from '../scale-run.ts'

const BATCH = 50_000

/**
 * Reviews over the last two years, most of the best-selling products' (2% are of the shop itself):
 * half five stars, fewer the lower; nearly all approved but the last week's, which wait for the
 * shop. Signed-in customers' reviews carry their name and are mostly verified buyers.
 * @example await seedReviews(run)
 */
export async function seedReviews(run: ScaleRun) {
  const { timeline } = run
  await onEverySession(run, (session) =>
    session.query(`create temporary table review_plan (
      created_at timestamptz, product_n int, customer_n int, rating int, approved boolean, r_text float8, r_name float8)`),
  )
  await inBatches(run, 'reviews', run.counts.reviews, BATCH, async (session, first, last) => {
    await session.query('truncate review_plan')
    await session.write(
      'reviews (planning)',
      `insert into review_plan
       select created_at,
         case when r_general >= 0.02 then ${skewed('pg_temp.products_at(created_at)', 'r_product', 1.6)} end,
         case when r_guest >= 0.15 then ${skewed('pg_temp.customers_at(created_at)', 'r_customer')} end,
         case when r_rating < 0.5 then 5 when r_rating < 0.75 then 4 when r_rating < 0.87 then 3
           when r_rating < 0.93 then 2 else 1 end,
         case when $3::timestamptz - created_at > interval '7 days' then r_approved < 0.97 else r_approved < 0.3 end,
         random(), random()
       from (
         select ${activityMoment(timeline, 'i', run.counts.reviews)} as created_at, random() as r_general,
           random() as r_product, random() as r_guest, random() as r_customer, random() as r_rating,
           random() as r_approved
         from generate_series($1::int, $2::int) as i
       ) as g`,
      [first, last, timeline.now.toISOString()],
    )
    await session.write(
      'reviews',
      `insert into reviews (product_id, user_id, name, rating, title, comment, approved, verified, created_at)
       select p.id, c.id,
         coalesce(c.name, pg_temp.pick(w.first_names, r.r_name) || ' ' || left(pg_temp.pick(w.last_names, r.r_text), 1) || '.'),
         r.rating,
         case when r.rating >= 4 then pg_temp.pick(w.good_titles, r.r_text) when r.rating = 3
           then pg_temp.pick(w.middling_titles, r.r_text) else pg_temp.pick(w.poor_titles, r.r_text) end,
         case when r.rating >= 4 then pg_temp.pick(w.good_comments, r.r_name) when r.rating = 3
           then pg_temp.pick(w.middling_comments, r.r_name) else pg_temp.pick(w.poor_comments, r.r_name) end,
         r.approved, c.id is not null and p.id is not null and r.r_name < 0.7, r.created_at
       from review_plan as r
       left join scale_products as p on p.n = r.product_n
       left join scale_customers as c on c.n = r.customer_n
       cross join scale_words as w`,
    )
  })
  // Each product's rating and count as refresh-product-rating keeps them: its approved reviews'
  // average to one decimal, and how many there are.
  const [session] = run.sessions
  await session.transaction(() =>
    session.write(
      'products (ratings)',
      `update products as p set rating = s.rating, review_count = s.review_count
       from (select product_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as review_count
             from reviews where approved and product_id is not null group by product_id) as s
       where p.id = s.product_id and (p.rating, p.review_count) is distinct from (s.rating, s.review_count)`,
    ),
  )
}
