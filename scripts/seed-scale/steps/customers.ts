import { emptyAddress } from '#app/rules/address.ts'
import { inBatches, type ScaleRun } from '../scale-run.ts'

const BATCH = 25_000

/**
 * Customers as the auth library keeps them (one `users` row each, role customer, verified but for a
 * few): no password, so none of them can sign in. Seven in ten saved a complete shipping address.
 * Their addresses end in `@s<tag>.example.com`, which the pools use to tell them apart.
 * @example await seedCustomers(run, CUSTOMER_ROLE)
 */
export async function seedCustomers(run: ScaleRun, role: string) {
  const { from, seconds } = run.timeline.customers
  await inBatches(run, 'customers', run.counts.customers, BATCH, (session, first, last) =>
    session.write(
      'users (customers)',
      `insert into users (name, email, email_verified, role, shipping_address, created_at, updated_at)
       select first_name || ' ' || last_name,
         lower(translate(first_name || '.' || last_name, 'üöäéÜÖÄÉ''', 'uoaeUOAE')) || '.' || n || '@s' || $3 || '.example.com',
         r_verified < 0.96, $4,
         case when r_address < 0.7 then pg_temp.address(first_name || ' ' || last_name, r_street, r_city, w.streets, w.cities)
           else $5::jsonb end,
         created_at, created_at
       from (
         select n, pg_temp.pick(w.first_names, random()) as first_name, pg_temp.pick(w.last_names, random()) as last_name,
           random() as r_verified, random() as r_address, random() as r_street, random() as r_city,
           $6::timestamptz + make_interval(secs => $7 * (n - random()) / $8::float8) as created_at
         from generate_series($1::int, $2::int) as n cross join scale_words as w
       ) as g
       cross join scale_words as w`,
      [first, last, run.tag, role, JSON.stringify(emptyAddress), from.toISOString(), seconds, run.counts.customers],
    ),
  )
}
