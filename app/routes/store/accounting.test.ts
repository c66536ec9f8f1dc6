import { beforeAll, describe, expect, test } from 'vitest'
import { insertInvoice, insertOrder } from '#tests/factories/shop-records.ts'
import { loadRoute } from '#tests/setup/route-calls.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { loader } from './accounting.tsx'

// The Accounting Hub reads what its open tab shows: the Invoice Tracker a page of 20 invoices, the
// uploads the receipts and the newest invoices' and orders' numbers to suggest.
const { database, account: casey } = signedInTest('casey@example.com')
const invoiceIds: string[] = []
const orderIds: string[] = []
let othersInvoice = ''

beforeAll(async () => {
  const { db } = database
  for (let index = 0; index < 55; index++) {
    const createdAt = new Date(Date.UTC(2026, 3, 1, 9, index))
    const order = await insertOrder(db, { userId: casey.id, email: casey.email, createdAt })
    orderIds.unshift(order.id)
    invoiceIds.unshift((await insertInvoice(db, { userId: casey.id, orderId: order.id, createdAt })).id)
  }
  const robin = await createTestAccount(database, 'robin@example.com')
  othersInvoice = (await insertInvoice(database.db, { userId: robin.id })).id
})

type Hub = {
  signedIn: boolean
  invoices: { id: string }[]
  nextHref: string | null
  previousHref: string | null
  invoiceIds: string[]
  orderIds: string[]
}
const open = async (query: string) =>
  (await loadRoute(loader, { url: `/accounting${query}`, cookie: casey.cookie })) as Hub

describe('the Accounting Hub', () => {
  test('the Invoice Tracker: 20 invoices a page, newest first, only the customer’s own', async () => {
    const pages: string[][] = []
    let page = await open('')
    expect(page.previousHref).toBeNull()
    pages.push(page.invoices.map((invoice) => invoice.id))
    while (page.nextHref) {
      expect(page.nextHref).toMatch(/^\/accounting\?tab=invoices&after=[\w-]+$/)
      page = await open(page.nextHref.slice('/accounting'.length))
      pages.push(page.invoices.map((invoice) => invoice.id))
    }
    expect(pages.map((ids) => ids.length)).toEqual([20, 20, 15])
    expect(pages.flat()).toEqual(invoiceIds)
    expect(pages.flat()).not.toContain(othersInvoice)
    expect(page.previousHref).toMatch(/^\/accounting\?tab=invoices&before=[\w-]+$/)
    const back = await open((page.previousHref ?? '').slice('/accounting'.length))
    expect(back.invoices.map((invoice) => invoice.id)).toEqual(pages[1])
    expect(page.invoiceIds).toEqual([])
  })

  test('the uploads tab suggests the 50 newest invoices and orders, and lists no invoices', async () => {
    const page = await open('?tab=uploads')
    expect(page.invoiceIds).toEqual(invoiceIds.slice(0, 50))
    expect(page.orderIds).toEqual(orderIds.slice(0, 50))
    expect(page.invoices).toEqual([])
    expect(page.nextHref).toBeNull()
  })

  test('a visitor gets the page’s own Access Denied, and nothing of anyone’s', async () => {
    expect(await loadRoute(loader, { url: '/accounting', cookie: null })).toEqual({ signedIn: false, tab: 'invoices' })
  })
})
