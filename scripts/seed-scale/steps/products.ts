import { inBatches, type ScaleRun } from '../scale-run.ts'

const BATCH = 25_000

/**
 * The catalogue: titles and descriptions from the word lists, the demo shop's images shared among
 * them, 85% visible, 10% hidden, 5% archived, prices from $5 to $400, a quarter with quantity
 * tiers, a third with variations, some out of stock or low, spread over every category.
 * @example await seedProducts(run, { categoryIds, shippingCategoryIds, imageSets })
 */
export async function seedProducts(
  run: ScaleRun,
  refs: { categoryIds: string[]; shippingCategoryIds: string[]; imageSets: string[][] },
) {
  const { products, seconds, from } = { products: run.counts.products, ...run.timeline.products }
  await inBatches(run, 'products', products, BATCH, (session, first, last) =>
    session.write(
      'products',
      `insert into products (title, description, images, status, category_id, shipping_category_id, sku, price_cents,
         price_type, tiered_pricing, variations, quick_select_visible, stock_quantity, low_stock_threshold,
         created_at, updated_at)
       select
         pg_temp.pick(w.adjectives, r_title) || ' ' || pg_temp.pick(w.materials, r_material) || ' '
           || pg_temp.pick(w.nouns, r_noun) || ' ' || upper(substr(md5($3 || n), 1, 4)),
         pg_temp.pick(w.openings, r_title) || ', this ' || lower(pg_temp.pick(w.nouns, r_noun)) || ' in '
           || pg_temp.pick(w.materials, r_material) || ' ' || pg_temp.pick(w.uses, r_use) || '.',
         coalesce($4::jsonb -> (n % greatest(1, jsonb_array_length($4::jsonb))), '[]'::jsonb),
         case when r_status < 0.85 then 'visible' when r_status < 0.95 then 'hidden' else 'archived' end,
         case when r_category >= 0.02 then ($5::uuid[])[1 + floor(r_category * cardinality($5::uuid[]))::int] end,
         ($6::uuid[])[1 + floor(r_shipping * cardinality($6::uuid[]))::int],
         'S' || $3 || '-' || lpad(n::text, 7, '0'),
         price,
         case when r_tiers < 0.25 then 'tiered' else 'set' end,
         case when r_tiers < 0.25 then jsonb_build_array(
           jsonb_build_object('quantity', 1, 'priceCents', price),
           jsonb_build_object('quantity', 10, 'priceCents', round(price * 0.85)::int),
           jsonb_build_object('quantity', 50, 'priceCents', round(price * 0.7)::int)) else '[]'::jsonb end,
         case when r_variations < 0.35
           then w.variation_sets -> floor(r_variations / 0.35 * jsonb_array_length(w.variation_sets))::int
           else '[]'::jsonb end,
         r_quick < 0.15,
         case when r_stock < 0.05 then 0 when r_stock < 0.1 then 1 + floor(r_amount * 3)::int
           else 5 + floor(power(r_amount, 2) * 500)::int end,
         case when r_threshold < 0.1 then 10 else 3 end,
         created_at,
         created_at + (r_use * least(interval '30 days', $7::timestamptz - created_at))
       from (
         select n, random() as r_title, random() as r_material, random() as r_noun, random() as r_use,
           random() as r_status, random() as r_category, random() as r_shipping, random() as r_tiers,
           random() as r_variations, random() as r_quick, random() as r_stock,
           random() as r_amount, random() as r_threshold,
           (100 * floor(exp(ln(5) + random() * ln(80))) + 99)::int as price,
           $8::timestamptz + make_interval(secs => $9 * (n - random()) / $10::float8) as created_at
         from generate_series($1::int, $2::int) as n
       ) as g
       cross join scale_words as w`,
      [
        first,
        last,
        run.tag,
        JSON.stringify(refs.imageSets),
        refs.categoryIds,
        refs.shippingCategoryIds,
        run.timeline.now.toISOString(),
        from.toISOString(),
        seconds,
        products,
      ],
    ),
  )
}
