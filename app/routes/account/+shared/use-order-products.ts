import { useEffect, useMemo, useState } from 'react'
import type { OrderableProduct } from '#app/modules/catalog/types.ts'
import type { OrderItem } from '#app/rules/order.ts'
import { isUuid } from '#app/utils/ids.ts'

type Known = ReadonlyMap<string, OrderableProduct>

/** Where the panel asks for the products of its lines (routes/resources/order-products.ts). */
const ORDER_PRODUCTS_PATH = '/resources/order-products'

function withProducts(known: Known, products: readonly OrderableProduct[]): Known {
  if (products.every((product) => known.get(product.id) === product)) return known
  const next = new Map(known)
  for (const product of products) next.set(product.id, product)
  return next
}

/**
 * The products the order panel prices its lines by. The page lists one page of the products, but
 * the lines (kept in the browser) may come from any page: the products of the open page, those
 * seen on earlier pages of this visit, and those of the other lines, asked of the server once.
 * `ready` is false while an answer is awaited, so a line is never called unavailable before it is
 * known; a product the server did not return is one that cannot be ordered any more.
 * @example const { products, ready } = useOrderProducts(loaderData.products, items, loaded)
 */
export function useOrderProducts(
  pageProducts: readonly OrderableProduct[],
  items: readonly OrderItem[],
  loaded: boolean,
) {
  // Every product met on this visit, on a page or in an answer: going to another page of the list
  // never blanks a line added from the one before.
  const [known, setKnown] = useState<Known>(() => withProducts(new Map(), pageProducts))
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => setKnown((current) => withProducts(current, pageProducts)), [pageProducts])
  // The open page's products are the freshest.
  const products = useMemo(() => withProducts(known, pageProducts), [known, pageProducts])

  const unanswered = [...new Set(items.map((item) => item.productId))].filter(
    (id) => isUuid(id) && !products.has(id) && !answered.has(id),
  )
  const asking = unanswered.sort().join(',')
  useEffect(() => {
    if (!loaded || !asking) return
    const controller = new AbortController()
    const ids = asking.split(',')
    fetch(`${ORDER_PRODUCTS_PATH}?ids=${ids.join(',')}`, { signal: controller.signal })
      .then(async (response) => (response.ok ? ((await response.json()) as { products: OrderableProduct[] }) : null))
      .catch(() => null)
      .then((answer) => {
        if (controller.signal.aborted) return
        // Without an answer (offline, signed out) the lines read as unavailable rather than loading
        // for ever; Place Order checks every line on the server anyway.
        setKnown((current) => withProducts(current, answer?.products ?? []))
        setAnswered((current) => new Set([...current, ...ids]))
      })
    return () => controller.abort()
  }, [loaded, asking])

  return { products, ready: loaded && !asking }
}
