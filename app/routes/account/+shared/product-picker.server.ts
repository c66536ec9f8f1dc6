import { z } from 'zod'
import { pagerHrefs } from '#app/components/cursor-pager.tsx'
import { productListHref } from '#app/components/product/product-list-href.ts'
import { listPickableProductPage } from '#app/modules/catalog/index.server.ts'
import { searchText } from '#app/rules/text.ts'
import { PRODUCT_PICKER_SEARCH_MAX } from './product-picker.tsx'

const PickerQuerySchema = z.object({ q: searchText(PRODUCT_PICKER_SEARCH_MAX) })

/**
 * The page of products Create an Order (`inStockOnly`) or My Quotes shows, from its address:
 * `q` searches the titles, `after` and `before` are the pager's cursors. A search that is not text
 * or too long reads as none, and a malformed cursor as the first page, like any other bad value.
 * @example const picker = await readProductPicker(request, { path: '/order', inStockOnly: true })
 */
export async function readProductPicker(
  request: Request,
  { path, inStockOnly }: { path: string; inStockOnly: boolean },
) {
  const params = new URL(request.url).searchParams
  const { q } = PickerQuerySchema.parse({ q: params.get('q') ?? '' })
  const page = await listPickableProductPage({
    text: q,
    inStockOnly,
    cursor: { after: params.get('after'), before: params.get('before') },
  })
  return {
    q,
    products: page.rows,
    ...pagerHrefs(page, (cursor) => productListHref(path, { q, ...cursor })),
  }
}
