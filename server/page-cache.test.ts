import { describe, expect, test } from 'vitest'
import { cacheKeyOf, publicCacheControl } from './page-cache.ts'

describe('cacheKeyOf', () => {
  test('keeps only the parameters the page reads, in a stable order', () => {
    expect(cacheKeyOf('/', '?utm_source=mail&x=2')).toBe('/')
    expect(cacheKeyOf('/products', '?sort=a&category=c&utm=1')).toBe('/products?category=c&sort=a')
    expect(cacheKeyOf('/products', '?newsletter=subscribed&category=c')).toBe(
      '/products?category=c&newsletter=subscribed',
    )
    expect(cacheKeyOf('/search', '?q=b&q=a')).toBe('/search?q=b&q=a')
    // Each page of a paged list is a page of its own.
    expect(cacheKeyOf('/products', '?after=x&utm=1&category=c')).toBe('/products?after=x&category=c')
    expect(cacheKeyOf('/test-products', '?before=y&category=c')).toBe('/test-products?before=y')
  })

  test('a data request keeps the loaders it asks for', () => {
    expect(cacheKeyOf('/products.data', '?_routes=root%2Croutes%2Fstore%2Fproducts&utm=1')).toBe(
      '/products.data?_routes=root%2Croutes%2Fstore%2Fproducts',
    )
    expect(cacheKeyOf('/_root.data', '?x=1')).toBe('/_root.data')
  })
})

test('a CDN may keep an anonymous page as long as the server does; a browser checks back each time', () => {
  expect(publicCacheControl(60)).toEqual({
    cacheControl: 'public, max-age=0, must-revalidate, s-maxage=60',
    cdnCacheControl: 'public, max-age=60, stale-while-revalidate=60',
  })
})
