import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningShop, requireProductionBuild, signIn, startShop } from '#tests/setup/server-process.ts'

let shop: RunningShop
beforeAll(async () => {
  requireProductionBuild()
  shop = await startShop({ demo: true })
}, 120_000)
afterAll(() => shop?.stop())

const visit = (path: string) => fetch(`${shop.base}${path}`)
const cacheOf = (response: Response) => response.headers.get('x-page-cache')

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${shop.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: shop.base,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
}

describe('the public page cache', () => {
  test('a visitor’s form post keeps the copies; an admin’s catalog change drops them', async () => {
    await visit('/products')
    expect(cacheOf(await visit('/products'))).toBe('hit')

    const sent = await postForm('/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'Do you print in PETG?',
    })
    expect(sent.status).toBe(200)
    // Time for anything that would clear the cache once the answer has gone out.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(cacheOf(await visit('/products'))).toBe('hit')

    const productId = /href="\/products\/([0-9a-f-]{36})"/.exec(await (await visit('/products')).text())?.[1]
    expect(productId).toBeDefined()
    const admin = await signIn(shop, shop.demoAccount('Admin'))
    const changed = await postForm(
      '/admin/products',
      { intent: 'set-visibility', productId: productId as string, status: 'visible' },
      admin,
    )
    expect(changed.status).toBe(200)
    expect(cacheOf(await visit('/products'))).toBe('miss')
  })

  test('query parameters the page does not read share its copy', async () => {
    expect(cacheOf(await visit('/'))).toBe('miss')
    expect(cacheOf(await visit('/?utm=1'))).toBe('hit')
    expect(cacheOf(await visit('/?x=2'))).toBe('hit')

    const category = '4fd6e8e5-480c-4b60-8a36-751aca6269cb'
    expect(cacheOf(await visit(`/products?category=${category}&utm_source=mail`))).toBe('miss')
    expect(cacheOf(await visit(`/products?fbclid=1&category=${category}`))).toBe('hit')
    // A parameter the page reads is a page of its own.
    expect(cacheOf(await visit('/search?q=bracket'))).toBe('miss')
    expect(cacheOf(await visit('/search?q=mount'))).toBe('miss')
    expect(cacheOf(await visit('/search?q=mount&ref=x'))).toBe('hit')
  })

  test('a kept page is sent as it was rendered: its text is never rewritten', async () => {
    const query = encodeURIComponent('nonce="__shop_csp_nonce__" \'nonce-x\' <script>')
    const rendered = await visit(`/search?q=${query}`)
    const kept = await visit(`/search?q=${query}`)
    expect(cacheOf(kept)).toBe('hit')
    const body = await kept.text()
    expect(body).toBe(await rendered.text())
    // The searched text is shown as it was typed, escaped, and allows no script of its own.
    expect(body).toContain('Search: nonce=&quot;__shop_csp_nonce__&quot; &#x27;nonce-x&#x27; &lt;script&gt;')
    expect(kept.headers.get('content-security-policy')).not.toContain("'nonce-")
  })

  test('visitors arriving together after a change all get the one new copy', async () => {
    const admin = await signIn(shop, shop.demoAccount('Admin'))
    const productId = /href="\/products\/([0-9a-f-]{36})"/.exec(await (await visit('/products')).text())?.[1]
    await postForm(
      '/admin/products',
      { intent: 'set-visibility', productId: productId as string, status: 'visible' },
      admin,
    )
    const answers = await Promise.all(Array.from({ length: 8 }, () => visit('/about')))
    const tags = new Set(answers.map((answer) => answer.headers.get('etag')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    expect(tags.size).toBe(1)
    expect(cacheOf(await visit('/about'))).toBe('hit')
  })
})
