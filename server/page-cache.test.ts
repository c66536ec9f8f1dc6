import { describe, expect, test } from 'vitest'
import { cacheKeyOf, fillNonces, markNonces } from './page-cache.ts'

describe('cacheKeyOf', () => {
  test('keeps only the parameters the page reads, in a stable order', () => {
    expect(cacheKeyOf('/', '?utm_source=mail&x=2')).toBe('/')
    expect(cacheKeyOf('/products', '?sort=a&category=c&utm=1')).toBe('/products?category=c')
    expect(cacheKeyOf('/products', '?newsletter=subscribed&category=c')).toBe(
      '/products?category=c&newsletter=subscribed',
    )
    expect(cacheKeyOf('/search', '?q=b&q=a')).toBe('/search?q=b&q=a')
  })

  test('a data request keeps the loaders it asks for', () => {
    expect(cacheKeyOf('/products.data', '?_routes=root%2Croutes%2Fstore%2Fproducts&utm=1')).toBe(
      '/products.data?_routes=root%2Croutes%2Fstore%2Fproducts',
    )
    expect(cacheKeyOf('/_root.data', '?x=1')).toBe('/_root.data')
  })
})

describe('nonce markers', () => {
  const nonce = 'AbC+/12345678901234567=='
  const page = `<script nonce="${nonce}">go()</script><p>${nonce} nonce=&quot;__shop_csp_nonce__&quot; __shop_csp_nonce__</p>`

  test('only nonce attributes carry the nonce; page text is kept as it was', () => {
    const kept = markNonces(page, nonce)
    expect(kept).not.toContain(`nonce="${nonce}"`)
    const sent = fillNonces(kept, 'fresh')
    expect(sent).toBe(
      `<script nonce="fresh">go()</script><p>${nonce} nonce=&quot;__shop_csp_nonce__&quot; __shop_csp_nonce__</p>`,
    )
  })
})
