import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { printMaterials } from '#app/modules/settings/schema.server.ts'
import * as account from '#app/routes/account/account.tsx'
import * as invoiceDetail from '#app/routes/account/invoice-detail.tsx'
import * as createOrder from '#app/routes/account/order.tsx'
import * as myQuotes from '#app/routes/account/quotes.tsx'
import * as recordSearch from '#app/routes/admin/+shared/record-search.ts'
import * as adminAbout from '#app/routes/admin/about/about.tsx'
import * as adminActivity from '#app/routes/admin/activity/activity.tsx'
import * as adminNotFound from '#app/routes/admin/admin-not-found.tsx'
import * as dashboard from '#app/routes/admin/dashboard/dashboard.tsx'
import * as adminGuideCategories from '#app/routes/admin/guides/guide-categories.tsx'
import * as adminGuides from '#app/routes/admin/guides/guides.tsx'
import * as adminInvoices from '#app/routes/admin/invoices/invoices.tsx'
import * as adminInvoicesExport from '#app/routes/admin/invoices/invoices-export.ts'
import * as adminQuotes from '#app/routes/admin/invoices/quotes.tsx'
import * as adminMessageDetail from '#app/routes/admin/messages/message-detail.tsx'
import * as adminMessageFile from '#app/routes/admin/messages/message-file.ts'
import * as adminMessages from '#app/routes/admin/messages/messages.tsx'
import * as adminOrders from '#app/routes/admin/orders/orders.tsx'
import * as adminOrdersExport from '#app/routes/admin/orders/orders-export.ts'
import * as outbox from '#app/routes/admin/outbox/mail-outbox.tsx'
import * as adminPolicies from '#app/routes/admin/policies/policies.tsx'
import * as addProduct from '#app/routes/admin/products/add-product.tsx'
import * as adminProductEdit from '#app/routes/admin/products/product-edit.tsx'
import * as adminProducts from '#app/routes/admin/products/products.tsx'
import * as adminPromotions from '#app/routes/admin/promotions/promotions.tsx'
import * as adminReviews from '#app/routes/admin/reviews/reviews.tsx'
import * as adminServices from '#app/routes/admin/services/services.tsx'
import * as adminSettings from '#app/routes/admin/settings/settings.tsx'
import * as adminUpdates from '#app/routes/admin/updates/updates.tsx'
import * as adminUsers from '#app/routes/admin/users/users.tsx'
import * as auth from '#app/routes/auth/auth.tsx'
import * as invoiceEvents from '#app/routes/resources/invoice-events.ts'
import * as modelFileDownload from '#app/routes/resources/model-file-download.ts'
import * as modelFileUpload from '#app/routes/resources/model-files.ts'
import * as orderProducts from '#app/routes/resources/order-products.ts'
import * as quoteModel from '#app/routes/resources/quote-model.ts'
import * as quoteModelDownload from '#app/routes/resources/quote-model-download.ts'
import * as quoteModelFile from '#app/routes/resources/quote-model-file.ts'
import * as quoteModelUpload from '#app/routes/resources/quote-models.ts'
import * as quotePrice from '#app/routes/resources/quote-price.ts'
import * as quoteRequests from '#app/routes/resources/quote-requests.ts'
import * as receiptDownload from '#app/routes/resources/receipt-download.ts'
import * as receiptUpload from '#app/routes/resources/receipts.ts'
import * as searchSuggestions from '#app/routes/resources/search-suggestions.ts'
import * as accounting from '#app/routes/store/accounting.tsx'
import * as checkout from '#app/routes/store/checkout.tsx'
import * as feedback from '#app/routes/store/feedback.tsx'
import * as instantQuote from '#app/routes/store/instant-quote.tsx'
import * as productDetail from '#app/routes/store/product-detail.tsx'
import { asciiStl, boxStl } from '#tests/factories/model-files.ts'
import {
  insertContactMessage,
  insertInvoice,
  insertModelFile,
  insertOrder,
  insertProduct,
  insertReceipt,
} from '#tests/factories/shop-records.ts'
import { routeRequest } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'

// Every protected loader and action, asked by a visitor, a customer and an admin (storefront §6,
// back-office §2), and, for a customer's own records, by their owner. Later issues add their routes
// to this table.
type Role = 'visitor' | 'customer' | 'admin'
type Expected =
  | { status: 'ok' }
  | { status: 'redirect'; to: string | RegExp; toast?: string }
  // An answer with this HTTP status (a refusal that is not a redirect, or a file).
  | { status: 'answer'; code: number }

type Case = {
  name: string
  url: string
  method?: 'GET' | 'POST'
  form?: Record<string, string>
  /** Any other body (JSON, multipart), made afresh for each request. */
  body?: () => string | FormData | URLSearchParams
  params?: Record<string, string>
  // biome-ignore lint/suspicious/noExplicitAny: route modules have their own argument types
  handler: (args: any) => Promise<unknown>
  /** `owner`: Robin, whose invoice or receipt the case asks about (Casey is another customer). */
  expect: Record<Role, Expected> & { owner?: Expected }
}

const loginFor = (path: string) => `/auth?tab=login&redirectTo=${encodeURIComponent(path)}`
const denied = { status: 'redirect', to: '/account', toast: 'Access Denied' } as const
const ok = { status: 'ok' } as const
const reviewedProductId = '5b0c6a57-3f0e-4d4e-9f7a-2c1d8e6b9a10'
// An unpaid invoice of Robin's: Casey (the customer role) may not see it, the admin may.
const robinInvoiceId = '7d1f3c2a-9b8e-4c6d-a5f4-3e2d1c0b9a87'
const invoiceDenied = { status: 'redirect', to: '/account', toast: 'Invoice not found or access denied.' } as const
const unknownUpdateId = '00000000-0000-4000-8000-000000000000'
const unknownPolicyId = '00000000-0000-4000-8000-000000000000'
const unknownCategoryId = '00000000-0000-4000-8000-000000000001'
const unknownProductId = '00000000-0000-4000-8000-000000000000'
const reviewForm = { rating: '5', title: 'Great mount', comment: 'Solid print, fits my handlebar.' }
// 3D models on made-to-order lines: Casey's upload, Robin's upload, and one a guest uploaded that
// is on a line of Casey's order (so it is hers to download as well).
const caseyModelId = '3f4c2b1a-7d6e-4f5a-9b8c-1d2e3f4a5b6c'
const robinModelId = '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d'
const guestModelOnCaseysOrderId = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f'
const notFound = { status: 'redirect', to: '404' } as const
/** A file's download as the table compares it: its size, or the refusal. */
const downloadHandler = async (args: Parameters<typeof modelFileDownload.loader>[0]) => {
  const response = await modelFileDownload.loader(args)
  return response.status === 200 ? { bytes: (await response.arrayBuffer()).byteLength } : response
}
/** An order's print model download as the table compares it: its size, or the refusal. */
const quoteModelHandler = async (args: Parameters<typeof quoteModelDownload.loader>[0]) => {
  const response = await quoteModelDownload.loader(args)
  return response.status === 200 ? { bytes: (await response.arrayBuffer()).byteLength } : response
}
const modelUpload = () => {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(asciiStl())], 'bracket.stl'))
  return form
}
// The instant quote: a model Robin uploaded, priced with the first material's first colour.
const robinQuoteModelId = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e'
const quotePriceForm: Record<string, string> = {
  modelId: robinQuoteModelId,
  quality: 'standard',
  infill: '20',
  quantity: '1',
  units: 'mm',
}
const quoteUpload = () => {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(boxStl(20, 20, 20))], 'cube.stl'))
  return form
}
// Robin's: an unpaid invoice to Mark as Paid, a receipt to download and one to delete.
const robinMarkInvoiceId = '2c4e6a8b-1d3f-4a5b-8c7d-9e0f1a2b3c4d'
const robinReceiptId = '3a5c7e9b-2d4f-4b6a-9c8d-0e1f2a3b4c5d'
const robinDoomedReceiptId = '4b6d8f0a-3e5a-4c7b-8d9e-1f2a3b4c5d6e'
const answered = (code: number) => ({ status: 'answer', code }) as const
// A contact message with a photo, for the back-office inbox's rows.
const contactMessageId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b'
const contactFileId = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c'
const receiptForm = () => {
  const form = new FormData()
  form.append('file', new File(['%PDF-1.4\n%%EOF\n'], 'route-table.pdf', { type: 'application/pdf' }))
  return form
}

const cases: Case[] = [
  {
    name: 'account page',
    url: '/account',
    handler: account.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/account') }, customer: ok, admin: ok },
  },
  {
    name: 'account profile update',
    url: '/account',
    method: 'POST',
    form: { intent: 'update-profile', fullName: 'Changed Name', street: '', city: '', state: '', zip: '' },
    handler: account.action,
    expect: { visitor: { status: 'redirect', to: /^\/auth\?tab=login/ }, customer: ok, admin: ok },
  },
  {
    name: 'checkout status page',
    url: '/checkout?status=success',
    handler: checkout.loader,
    // Casey's and Alex's shipping addresses are empty (the profile update above clears Casey's).
    expect: {
      visitor: { status: 'redirect', to: loginFor('/checkout?status=success') },
      customer: { status: 'redirect', to: '/account', toast: 'Shipping Information Required' },
      admin: { status: 'redirect', to: '/account', toast: 'Shipping Information Required' },
    },
  },
  {
    name: 'invoice page',
    url: `/invoices/${robinInvoiceId}`,
    params: { invoiceId: robinInvoiceId },
    handler: invoiceDetail.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/invoices/${robinInvoiceId}`) },
      customer: invoiceDenied,
      admin: ok,
    },
  },
  {
    name: 'invoice page for an unknown invoice',
    url: '/invoices/00000000-0000-4000-8000-000000000000',
    params: { invoiceId: '00000000-0000-4000-8000-000000000000' },
    handler: invoiceDetail.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/invoices/00000000-0000-4000-8000-000000000000') },
      customer: invoiceDenied,
      admin: invoiceDenied,
    },
  },
  {
    name: 'invoice Pay Now (only the owner pays)',
    url: `/invoices/${robinInvoiceId}`,
    method: 'POST',
    form: { intent: 'pay' },
    params: { invoiceId: robinInvoiceId },
    handler: invoiceDetail.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/invoices/${robinInvoiceId}`) },
      customer: invoiceDenied,
      admin: ok,
    },
  },
  {
    name: 'invoice live events',
    url: `/resources/invoices/${robinInvoiceId}/events`,
    params: { invoiceId: robinInvoiceId },
    handler: invoiceEvents.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/resources/invoices/${robinInvoiceId}/events`) },
      customer: { status: 'redirect', to: '404' },
      admin: ok,
    },
  },
  {
    name: 'create an order page (Please Log In for visitors, on the page itself)',
    url: '/order',
    handler: createOrder.loader,
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  {
    name: 'Place Order (a visitor is told to log in; an empty order changes nothing)',
    url: '/order',
    method: 'POST',
    body: () => JSON.stringify({ items: [] }),
    handler: createOrder.action,
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  {
    name: 'instant quote page (visitors and customers)',
    url: '/instant-quote',
    handler: instantQuote.loader,
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  {
    name: 'instant quote model upload (visitors and customers)',
    url: '/instant-quote/models',
    method: 'POST',
    body: quoteUpload,
    handler: async (args) => {
      const answer = (await quoteModelUpload.action(args)) as { data: unknown; init: { status: number } | null }
      const status = answer.init?.status ?? 200
      return status === 201 ? { uploaded: answer.data } : new Response(null, { status })
    },
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  {
    name: 'instant quote price of a model only its owner uploaded',
    url: '/instant-quote/price',
    method: 'POST',
    body: () => new URLSearchParams(quotePriceForm),
    handler: quotePrice.action,
    expect: { visitor: answered(404), customer: answered(404), admin: answered(404), owner: answered(200) },
  },
  {
    name: 'instant quote model, shown again after the log-in (its owner only; anyone else the same 404)',
    url: `/instant-quote/models/${robinQuoteModelId}`,
    params: { modelId: robinQuoteModelId },
    handler: quoteModel.loader,
    expect: { visitor: answered(404), customer: answered(404), admin: answered(404), owner: answered(200) },
  },
  {
    name: 'instant quote model file, shown again after the log-in (its owner only; anyone else the same 404)',
    url: `/instant-quote/models/${robinQuoteModelId}/file`,
    params: { modelId: robinQuoteModelId },
    handler: quoteModelFile.loader,
    expect: { visitor: answered(404), customer: answered(404), admin: answered(404), owner: answered(200) },
  },
  {
    name: 'instant quote Save as Quote (customers, of a model they uploaded)',
    url: '/instant-quote/requests',
    method: 'POST',
    body: () => new URLSearchParams({ intent: 'save', ...quotePriceForm }),
    handler: quoteRequests.action,
    expect: { visitor: answered(401), customer: answered(404), admin: answered(404), owner: answered(200) },
  },
  {
    name: 'instant quote Ask the shop (of a model the asker uploaded)',
    url: '/instant-quote/requests',
    method: 'POST',
    body: () =>
      new URLSearchParams({ intent: 'ask', name: 'Robin Other', email: 'robin@example.com', ...quotePriceForm }),
    handler: quoteRequests.action,
    expect: { visitor: answered(404), customer: answered(404), admin: answered(404), owner: answered(200) },
  },
  {
    name: '3D model upload (visitors and customers)',
    url: '/resources/model-files',
    method: 'POST',
    body: modelUpload,
    handler: async (args) => {
      const response = await modelFileUpload.action(args)
      return response.status === 201 ? { uploaded: await response.json() } : response
    },
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  {
    name: '3D model download of the customer’s own upload',
    url: `/files/models/${caseyModelId}`,
    params: { fileId: caseyModelId },
    handler: downloadHandler,
    expect: { visitor: notFound, customer: ok, admin: ok },
  },
  {
    name: '3D model download of another customer’s upload',
    url: `/files/models/${robinModelId}`,
    params: { fileId: robinModelId },
    handler: downloadHandler,
    expect: { visitor: notFound, customer: notFound, admin: ok },
  },
  {
    name: '3D model download of a guest’s upload on the customer’s order line',
    url: `/files/models/${guestModelOnCaseysOrderId}`,
    params: { fileId: guestModelOnCaseysOrderId },
    handler: downloadHandler,
    expect: { visitor: notFound, customer: ok, admin: ok },
  },
  ...(['00000000-0000-4000-8000-000000000000', 'not-a-file-id'] as const).map(
    (fileId): Case => ({
      name: `3D model download of ${fileId.startsWith('0') ? 'an unknown' : 'a malformed'} id`,
      url: `/files/models/${fileId}`,
      params: { fileId },
      handler: downloadHandler,
      expect: { visitor: notFound, customer: notFound, admin: notFound },
    }),
  ),
  {
    name: 'print model of an order line (its customer and admins only; anyone else the same 404)',
    url: `/files/quote-models/${robinQuoteModelId}`,
    params: { modelId: robinQuoteModelId },
    handler: quoteModelHandler,
    expect: { visitor: notFound, customer: notFound, admin: ok, owner: ok },
  },
  ...(['00000000-0000-4000-8000-000000000000', 'not-a-model-id'] as const).map(
    (modelId): Case => ({
      name: `print model download of ${modelId.startsWith('0') ? 'an unknown' : 'a malformed'} id`,
      url: `/files/quote-models/${modelId}`,
      params: { modelId },
      handler: quoteModelHandler,
      expect: { visitor: notFound, customer: notFound, admin: notFound, owner: notFound },
    }),
  ),
  {
    name: 'accounting hub (guarded by the page itself)',
    url: '/accounting',
    handler: accounting.loader,
    expect: { visitor: ok, customer: ok, admin: ok, owner: ok },
  },
  {
    name: 'accounting hub uploads (guarded by the page itself)',
    url: '/accounting?tab=uploads',
    handler: accounting.loader,
    expect: { visitor: ok, customer: ok, admin: ok, owner: ok },
  },
  {
    name: 'my quotes (guarded by the page itself)',
    url: '/quotes',
    handler: myQuotes.loader,
    expect: { visitor: ok, customer: ok, admin: ok },
  },
  ...(
    [
      // A visitor is told to log in (401); a customer's answer is a refusal that changes nothing.
      ['save', { intent: 'save', items: '[]' }],
      ['delete', { intent: 'delete', quoteId: '00000000-0000-4000-8000-000000000000' }],
      ['acceptance request', { intent: 'request', quoteId: '00000000-0000-4000-8000-000000000000' }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `my quote ${what}`,
      url: '/quotes',
      method: 'POST',
      form,
      handler: myQuotes.action,
      expect: { visitor: ok, customer: ok, admin: ok },
    }),
  ),
  {
    name: 'admin quotes',
    url: '/admin/quotes?filter=requested',
    handler: adminQuotes.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/quotes?filter=requested') },
      customer: denied,
      admin: ok,
    },
  },
  {
    name: 'admin quote accepted into an invoice',
    url: '/admin/quotes',
    method: 'POST',
    form: { intent: 'accept', quoteId: '00000000-0000-4000-8000-000000000000' },
    handler: adminQuotes.action,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/quotes') }, customer: denied, admin: ok },
  },
  {
    name: 'accounting Mark as Paid (only the owner, on their unpaid invoice)',
    url: '/accounting',
    method: 'POST',
    form: { intent: 'mark-paid', invoiceId: robinMarkInvoiceId },
    handler: accounting.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/accounting') },
      customer: answered(404),
      admin: answered(404),
      owner: answered(200),
    },
  },
  {
    name: 'accounting receipt delete (only the owner)',
    url: '/accounting',
    method: 'POST',
    form: { intent: 'delete-receipt', documentId: robinDoomedReceiptId },
    handler: accounting.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/accounting') },
      customer: answered(404),
      admin: answered(404),
      owner: answered(200),
    },
  },
  {
    name: 'the order panel’s products (anyone signed in, for Create an Order)',
    url: '/resources/order-products?ids=00000000-0000-4000-8000-000000000000',
    handler: orderProducts.loader,
    expect: { visitor: answered(401), customer: answered(200), admin: answered(200) },
  },
  {
    name: 'receipt upload (to the signed-in person’s own files)',
    url: '/resources/receipts',
    method: 'POST',
    body: receiptForm,
    handler: receiptUpload.action,
    expect: { visitor: answered(401), customer: answered(200), admin: answered(200), owner: answered(200) },
  },
  ...(
    [
      ['', robinReceiptId, answered(200)],
      [' of an unknown receipt', '00000000-0000-4000-8000-000000000000', answered(404)],
      [' of a malformed id', 'receipts..%2Fsecret', answered(404)],
    ] as const
  ).map(
    ([what, documentId, found]): Case => ({
      name: `receipt download${what} (the owner and admins only; anyone else the same 404)`,
      url: `/resources/receipts/${documentId}`,
      params: { documentId },
      handler: receiptDownload.loader,
      expect: { visitor: answered(404), customer: answered(404), admin: found, owner: found },
    }),
  ),
  {
    name: 'add product page',
    url: '/add-product',
    handler: addProduct.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/add-product') }, customer: denied, admin: ok },
  },
  {
    name: 'add product',
    url: '/add-product',
    method: 'POST',
    form: { title: 'Route Table Clip', description: 'Added by the permissions table.', price: '3', status: 'hidden' },
    handler: addProduct.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/add-product') },
      customer: denied,
      admin: { status: 'redirect', to: /^\/products\/[0-9a-f-]{36}$/, toast: 'Product Added!' },
    },
  },
  {
    name: 'admin dashboard',
    url: '/admin',
    handler: dashboard.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin') }, customer: denied, admin: ok },
  },
  {
    name: 'admin mail outbox',
    url: '/admin/outbox',
    handler: outbox.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/outbox') }, customer: denied, admin: ok },
  },
  {
    name: 'admin activity log',
    url: '/admin/activity',
    handler: adminActivity.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/activity') }, customer: denied, admin: ok },
  },
  {
    name: 'admin messages',
    url: '/admin/messages?status=new',
    handler: adminMessages.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/messages?status=new') },
      customer: denied,
      admin: ok,
    },
  },
  {
    name: 'admin message page',
    url: `/admin/messages/${contactMessageId}`,
    params: { messageId: contactMessageId },
    handler: adminMessageDetail.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/admin/messages/${contactMessageId}`) },
      customer: denied,
      admin: ok,
    },
  },
  ...(
    [
      ['reply', { intent: 'reply', body: 'Thanks, we can print it.' }, 200],
      ['archive', { intent: 'set-status', status: 'archived' }, 200],
      ['status refused (no such status)', { intent: 'set-status', status: 'deleted' }, 400],
    ] as const
  ).map(
    ([what, form, code]): Case => ({
      name: `admin message ${what}`,
      url: `/admin/messages/${contactMessageId}`,
      method: 'POST',
      form,
      params: { messageId: contactMessageId },
      handler: adminMessageDetail.action,
      expect: {
        visitor: { status: 'redirect', to: loginFor(`/admin/messages/${contactMessageId}`) },
        customer: denied,
        admin: answered(code),
      },
    }),
  ),
  {
    name: 'admin message file download',
    url: `/admin/messages/${contactMessageId}/files/${contactFileId}`,
    params: { messageId: contactMessageId, fileId: contactFileId },
    handler: adminMessageFile.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/admin/messages/${contactMessageId}/files/${contactFileId}`) },
      customer: denied,
      admin: answered(200),
    },
  },
  {
    name: 'admin mail outbox retry (refused: no such message)',
    url: '/admin/outbox',
    method: 'POST',
    form: { intent: 'retry', messageId: '00000000-0000-4000-8000-000000000000' },
    handler: outbox.action,
    // No mail server in these tests: the admin is told so, and nothing is sent.
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/outbox') }, customer: denied, admin: answered(409) },
  },
  {
    name: 'admin invoices',
    url: '/admin/invoices',
    handler: adminInvoices.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/invoices') }, customer: denied, admin: ok },
  },
  ...(
    [
      ['create', { intent: 'create' }],
      ['edit', { intent: 'update', invoiceId: '00000000-0000-4000-8000-000000000000' }],
      // Robin's invoice is unpaid already: the admin's answer changes nothing the other cases read.
      ['status change', { intent: 'set-status', invoiceId: robinInvoiceId, status: 'unpaid' }],
      ['flagged payment handled', { intent: 'resolve-payment', paymentId: '00000000-0000-4000-8000-000000000000' }],
      ['delete', { intent: 'delete', invoiceId: '00000000-0000-4000-8000-000000000000' }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin invoice ${what}`,
      url: '/admin/invoices',
      method: 'POST',
      form,
      handler: adminInvoices.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/invoices') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin reviews',
    url: '/admin/reviews?filter=pending',
    handler: adminReviews.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/reviews?filter=pending') },
      customer: denied,
      admin: ok,
    },
  },
  ...(
    [
      ['approve', { intent: 'approve', reviewId: '00000000-0000-4000-8000-000000000000' }],
      ['delete', { intent: 'delete', reviewId: '00000000-0000-4000-8000-000000000000' }],
      // The admin's manual review is cleared with the others before the review cases below read them.
      ['manual create', { intent: 'create', name: 'Kim Lee', productId: reviewedProductId, ...reviewForm }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin review ${what}`,
      url: '/admin/reviews',
      method: 'POST',
      form,
      handler: adminReviews.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/reviews') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin updates',
    url: '/admin/updates',
    handler: adminUpdates.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/updates') }, customer: denied, admin: ok },
  },
  ...(
    [
      ['create', { intent: 'create', title: 'Route table news', content: 'Added by the permissions table.' }],
      ['edit', { intent: 'update', updateId: unknownUpdateId, title: 'Edited', content: 'Edited.' }],
      ['visibility', { intent: 'set-status', updateId: unknownUpdateId, status: 'hidden' }],
      ['delete', { intent: 'delete', updateId: unknownUpdateId }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin update ${what}`,
      url: '/admin/updates',
      method: 'POST',
      form,
      handler: adminUpdates.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/updates') }, customer: denied, admin: ok },
    }),
  ),
  ...(
    [
      ['guide categories', '/admin/guides/categories', adminGuideCategories, {}],
      ['settings', '/admin/settings', adminSettings, { kind: 'product' }],
    ] as const
  ).flatMap(([page, url, handlers, extra]): Case[] => [
    {
      name: `admin ${page}`,
      url,
      handler: handlers.loader,
      expect: { visitor: { status: 'redirect', to: loginFor(url) }, customer: denied, admin: ok },
    },
    ...(
      [
        ['add', { intent: 'add-category', name: `Route table ${page}` }],
        ['rename', { intent: 'rename-category', categoryId: unknownCategoryId, name: 'Renamed' }],
        ['delete', { intent: 'delete-category', categoryId: unknownCategoryId }],
      ] as const
    ).map(
      ([what, form]): Case => ({
        name: `admin ${page} category ${what}`,
        url,
        method: 'POST',
        form: { ...form, ...extra },
        handler: handlers.action,
        expect: { visitor: { status: 'redirect', to: loginFor(url) }, customer: denied, admin: ok },
      }),
    ),
  ]),
  {
    name: 'admin guides',
    url: '/admin/guides?filter=hidden',
    handler: adminGuides.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/guides?filter=hidden') },
      customer: denied,
      admin: ok,
    },
  },
  ...(
    [
      ['add', { intent: 'create', title: 'Route table guide', description: 'D', categoryId: unknownCategoryId }],
      ['edit', { intent: 'update', guideId: unknownCategoryId, title: 'T', description: 'D', categoryId: '' }],
      ['visibility', { intent: 'set-status', guideId: unknownCategoryId, status: 'hidden' }],
      ['archive', { intent: 'set-status', guideId: unknownCategoryId, status: 'archived' }],
      ['delete', { intent: 'delete', guideId: unknownCategoryId }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin guide ${what}`,
      url: '/admin/guides',
      method: 'POST',
      form,
      handler: adminGuides.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/guides') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin services',
    url: '/admin/services',
    handler: adminServices.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/services') }, customer: denied, admin: ok },
  },
  ...(
    [
      ['add', { intent: 'create' }],
      ['save all', { intent: 'save-all', services: '[]' }],
      ['delete', { intent: 'delete', serviceId: unknownCategoryId }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin service ${what}`,
      url: '/admin/services',
      method: 'POST',
      form,
      handler: adminServices.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/services') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin orders',
    url: '/admin/orders?status=pending',
    handler: adminOrders.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/orders?status=pending') },
      customer: denied,
      admin: ok,
    },
  },
  {
    name: 'admin order status change',
    url: '/admin/orders',
    method: 'POST',
    form: { intent: 'set-status', orderId: '00000000-0000-4000-8000-000000000000', status: 'shipped' },
    handler: adminOrders.action,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/orders') }, customer: denied, admin: ok },
  },
  {
    name: 'admin orders CSV export',
    url: '/admin/orders.csv',
    // The file is read to its end, so nothing is left streaming.
    handler: async (args) => {
      const response = await adminOrdersExport.loader(args)
      return response.status === 200 ? { csv: await response.text() } : response
    },
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/orders.csv') }, customer: denied, admin: ok },
  },
  {
    name: 'admin invoices CSV export',
    url: '/admin/invoices.csv',
    handler: async (args) => {
      const response = await adminInvoicesExport.loader(args)
      return response.status === 200 ? { csv: await response.text() } : response
    },
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/invoices.csv') }, customer: denied, admin: ok },
  },
  ...(['customers', 'products'] as const).map(
    (kind): Case => ({
      name: `admin pickers' ${kind} search`,
      url: `/admin/search/${kind}?q=a`,
      params: { kind },
      handler: recordSearch.loader,
      expect: {
        visitor: { status: 'redirect', to: loginFor(`/admin/search/${kind}?q=a`) },
        customer: denied,
        admin: ok,
      },
    }),
  ),
  ...((
    [
      ['orders', '/admin/orders.csv', adminOrdersExport.action],
      ['invoices', '/admin/invoices.csv', adminInvoicesExport.action],
    ] as const
  ).map(([what, url, handler]) => ({
    name: `admin ${what} CSV export of ticked rows (posted)`,
    url,
    method: 'POST' as const,
    form: { intent: 'export', ids: '00000000-0000-4000-8000-000000000000' },
    // biome-ignore lint/suspicious/noExplicitAny: route modules have their own argument types
    handler: async (args: any) => {
      const response = await handler(args)
      return response.status === 200 ? { csv: await response.text() } : response
    },
    expect: { visitor: { status: 'redirect' as const, to: loginFor(url) }, customer: denied, admin: ok },
  })) satisfies Case[]),
  {
    name: 'admin orders bulk status (refused: no status)',
    url: '/admin/orders',
    method: 'POST',
    form: { intent: 'bulk-status', ids: '00000000-0000-4000-8000-000000000000' },
    handler: adminOrders.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/orders') },
      customer: denied,
      admin: answered(400),
    },
  },
  {
    name: 'admin promotions',
    url: '/admin/promotions',
    handler: adminPromotions.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/promotions') }, customer: denied, admin: ok },
  },
  ...(
    [
      // Each admin answer is a refusal that changes nothing the other cases read.
      ['create', { intent: 'create', name: '', code: '' }],
      ['edit', { intent: 'update', promotionId: '00000000-0000-4000-8000-000000000000' }],
      ['delete', { intent: 'delete', promotionId: '00000000-0000-4000-8000-000000000000' }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin promotion ${what}`,
      url: '/admin/promotions',
      method: 'POST',
      form,
      handler: adminPromotions.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/promotions') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin policies',
    url: '/admin/policies',
    handler: adminPolicies.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/policies') }, customer: denied, admin: ok },
  },
  ...(
    [
      ['create', { intent: 'create', title: 'Route table policy', content: 'Added by the permissions table.' }],
      ['edit', { intent: 'update', policyId: unknownPolicyId, title: 'Edited', content: 'Edited.' }],
      ['delete', { intent: 'delete', policyId: unknownPolicyId }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin policy ${what}`,
      url: '/admin/policies',
      method: 'POST',
      form,
      handler: adminPolicies.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/policies') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin products',
    url: '/admin/products?filter=hidden',
    handler: adminProducts.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/products?filter=hidden') },
      customer: denied,
      admin: ok,
    },
  },
  ...(
    [
      // Unknown products: the admin's answer changes nothing the other cases read.
      ['visibility', { intent: 'set-visibility', productId: unknownProductId, status: 'visible' }],
      ['archive', { intent: 'archive', productId: unknownProductId }],
      ['restore', { intent: 'restore', productId: unknownProductId }],
      ['delete', { intent: 'delete', productId: unknownProductId }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin product ${what}`,
      url: '/admin/products',
      method: 'POST',
      form,
      handler: adminProducts.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/products') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin users',
    url: '/admin/users?q=casey',
    handler: adminUsers.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/users?q=casey') }, customer: denied, admin: ok },
  },
  ...(
    [
      // Each admin answer is a refusal that changes nothing the other cases read.
      [
        'edit',
        { intent: 'update', userId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', role: 'Admin' },
      ],
      ['delete', { intent: 'delete', userId: '00000000-0000-4000-8000-000000000000' }],
      ['invite', { intent: 'invite', email: 'robin@example.com', role: 'Admin' }],
    ] as const
  ).map(
    ([what, form]): Case => ({
      name: `admin user ${what}`,
      url: '/admin/users',
      method: 'POST',
      form,
      handler: adminUsers.action,
      expect: { visitor: { status: 'redirect', to: loginFor('/admin/users') }, customer: denied, admin: ok },
    }),
  ),
  {
    name: 'admin about page',
    url: '/admin/about',
    handler: adminAbout.loader,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/about') }, customer: denied, admin: ok },
  },
  {
    name: 'admin about page save',
    url: '/admin/about',
    method: 'POST',
    // Refused for the empty sections: nobody's about page is changed by this table.
    form: { intent: 'save', heroTitle: 'Route table hero' },
    handler: adminAbout.action,
    expect: { visitor: { status: 'redirect', to: loginFor('/admin/about') }, customer: denied, admin: ok },
  },
  {
    name: 'admin product edit page',
    url: `/admin/products/edit/${reviewedProductId}`,
    params: { productId: reviewedProductId },
    handler: adminProductEdit.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/admin/products/edit/${reviewedProductId}`) },
      customer: denied,
      admin: ok,
    },
  },
  {
    name: 'admin product edit page for an unknown product',
    url: `/admin/products/edit/${unknownProductId}`,
    params: { productId: unknownProductId },
    handler: adminProductEdit.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/admin/products/edit/${unknownProductId}`) },
      customer: denied,
      admin: { status: 'redirect', to: '/admin/products', toast: 'Product not found.' },
    },
  },
  {
    name: 'admin product edit',
    url: `/admin/products/edit/${unknownProductId}`,
    method: 'POST',
    form: { title: 'Edited', description: 'Edited by the permissions table.', price: '3', status: 'hidden' },
    params: { productId: unknownProductId },
    handler: adminProductEdit.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/admin/products/edit/${unknownProductId}`) },
      customer: denied,
      admin: { status: 'redirect', to: '/admin/products', toast: 'Product not found.' },
    },
  },
  {
    name: 'any other admin address (loader)',
    url: '/admin/no-such-page',
    handler: adminNotFound.loader,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/no-such-page') },
      customer: denied,
      admin: { status: 'redirect', to: '404' },
    },
  },
  {
    name: 'any other admin address (action)',
    url: '/admin/no-such-page',
    method: 'POST',
    form: { intent: 'delete' },
    handler: adminNotFound.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor('/admin/no-such-page') },
      customer: denied,
      admin: { status: 'redirect', to: '404' },
    },
  },
  {
    name: 'product review',
    url: `/products/${reviewedProductId}`,
    method: 'POST',
    form: reviewForm,
    params: { productId: reviewedProductId },
    handler: productDetail.action,
    expect: {
      visitor: { status: 'redirect', to: loginFor(`/products/${reviewedProductId}`) },
      customer: ok,
      admin: ok,
    },
  },
  {
    name: 'reviews page review',
    url: '/feedback',
    method: 'POST',
    form: reviewForm,
    handler: feedback.action,
    expect: { visitor: { status: 'redirect', to: loginFor('/feedback') }, customer: ok, admin: ok },
  },
  {
    name: 'auth page for someone signed in',
    url: '/auth?tab=login',
    handler: auth.loader,
    expect: {
      visitor: ok,
      customer: { status: 'redirect', to: '/account' },
      admin: { status: 'redirect', to: '/account' },
    },
  },
]

const { database, admin, customer: casey } = signedInAccountsForFile()
let files: TestStorage
const cookies: Record<Role | 'owner', string | null> = { visitor: null, customer: null, admin: null, owner: null }

beforeAll(async () => {
  const { db } = database
  const robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  Object.assign(cookies, { customer: casey.cookie, admin: admin.cookie, owner: robin.cookie })
  await insertProduct(db, { id: reviewedProductId, title: 'Bike Phone Mount' })
  await insertInvoice(db, {
    id: robinInvoiceId,
    userId: robin.id,
    email: robin.email,
    items: [{ description: 'Custom print', quantity: 1, unitPriceCents: 1500 }],
  })
  await insertInvoice(db, { id: robinMarkInvoiceId, userId: robin.id, email: null, totalCents: 900 })
  files = await createTestStorage('route-permissions')
  for (const id of [robinReceiptId, robinDoomedReceiptId]) {
    const receipt = await insertReceipt(db, {
      id,
      userId: robin.id,
      fileName: 'Robin receipt.pdf',
      size: 14,
      invoiceId: robinInvoiceId,
    })
    await files.storage.put(receipt.filePath, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')
  }
  for (const [id, userId] of [
    [caseyModelId, casey.id],
    [robinModelId, robin.id],
    [guestModelOnCaseysOrderId, null],
  ] as const) {
    const model = await insertModelFile(db, { id, userId, size: asciiStl().length })
    await files.storage.put(model.storageKey, asciiStl(), 'model/stl')
  }
  await db.insert(quoteModels).values({
    id: robinQuoteModelId,
    storageKey: `quote-models/${robinQuoteModelId}.stl`,
    fileName: 'cube.stl',
    fileSize: 684,
    format: 'stl',
    triangles: 12,
    volumeMm3: 8000,
    areaMm2: 2400,
    size: { x: 20, y: 20, z: 20 },
    unit: 'millimeter',
    watertight: true,
    userId: robin.id,
  })
  await files.storage.put(`quote-models/${robinQuoteModelId}.stl`, boxStl(20, 20, 20), 'model/stl')
  const [pla] = await db.select().from(printMaterials).where(eq(printMaterials.name, 'PLA'))
  Object.assign(quotePriceForm, { materialId: pla.id, colour: pla.colours[0].name })
  await insertOrder(db, {
    userId: casey.id,
    email: casey.email,
    lines: [{ title: 'Custom Hook', quantity: 1, unitPriceCents: 1500, modelFileId: guestModelOnCaseysOrderId }],
  })
  // Robin's order prints her instant-quote model: its file is hers and the shop's to download.
  await insertOrder(db, {
    userId: robin.id,
    email: robin.email,
    lines: [{ title: '3D print: cube.stl', quantity: 1, unitPriceCents: 1000, quoteModelId: robinQuoteModelId }],
  })
  await insertContactMessage(db, {
    id: contactMessageId,
    name: 'Robin Other',
    email: robin.email,
    message: 'Photo attached.',
    files: [{ id: contactFileId, fileName: 'bracket.png' }],
  })
  await files.storage.put(`contact/${contactFileId}.png`, Buffer.from('not checked here'), 'image/png')
})

afterAll(async () => {
  await files?.close()
})

function requestFor(testCase: Case, role: Role | 'owner') {
  return routeRequest({
    url: testCase.url,
    method: testCase.method ?? 'GET',
    form: testCase.form,
    body: testCase.body?.(),
    cookie: cookies[role],
  })
}

/** The HTTP status an outcome of `answer` stands for. */
function statusOf(outcome: unknown): number | undefined {
  if (outcome instanceof Response) return outcome.status
  if (typeof outcome !== 'object' || outcome === null) return undefined
  if ('thrownStatus' in outcome) return outcome.thrownStatus as number
  if (!('result' in outcome)) return undefined
  const { result } = outcome as { result: unknown }
  if (typeof result === 'number') return result
  const init = (result as { init?: ResponseInit | null } | null)?.init
  return init?.status ?? 200
}

async function answer(testCase: Case, role: Role | 'owner') {
  try {
    const result = await testCase.handler({
      request: requestFor(testCase, role),
      params: testCase.params ?? {},
      context: { cspNonce: 'test', clientIp: '127.0.0.1' },
    })
    if (result instanceof Response) {
      // An event stream is an answer, not a redirect: close it so nothing keeps listening.
      if (result.headers.get('content-type')?.startsWith('text/event-stream')) {
        await result.body?.cancel()
        return { ok: true, result: result.status }
      }
      // A file or a JSON answer is read to its end; a redirect is returned to be checked.
      if (result.status < 300 || result.status >= 400) {
        await result.arrayBuffer()
        return { ok: result.ok, result: result.status }
      }
      return result
    }
    return { ok: true, result }
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    const status = (thrown as { init?: { status?: number } })?.init?.status
    if (status) return { thrownStatus: status }
    throw thrown
  }
}

async function check(testCase: Case, role: Role | 'owner', expected: Expected) {
  const outcome = await answer(testCase, role)
  if (expected.status === 'answer') {
    expect(statusOf(outcome)).toBe(expected.code)
    return
  }
  if (expected.status === 'ok') {
    expect(outcome).toMatchObject({ ok: true })
    return
  }
  if (expected.to === '404') {
    expect(outcome).toEqual({ thrownStatus: 404 })
    return
  }
  expect(outcome).toBeInstanceOf(Response)
  const response = outcome as Response
  expect(response.status).toBe(302)
  const location = response.headers.get('location') ?? ''
  if (expected.to instanceof RegExp) expect(location).toMatch(expected.to)
  else expect(location).toBe(expected.to)
  if (expected.toast) {
    const toastCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('layerworks.toast='))
    expect(toastCookie).toBeDefined()
    const value = decodeURIComponent(toastCookie?.split(';')[0].split('=')[1] ?? '')
    expect(Buffer.from(value.split('.')[0], 'base64').toString()).toContain(expected.toast)
  }
}

describe.each(['visitor', 'customer', 'admin'] as const)('as a %s', (role) => {
  test.each(cases)('$name', (testCase) => check(testCase, role, testCase.expect[role]))
})

describe('as the owner of the records asked about', () => {
  test.each(cases.filter((testCase) => testCase.expect.owner))('$name', (testCase) =>
    check(testCase, 'owner', testCase.expect.owner as Expected),
  )
})

describe('own data only', () => {
  test('the account page shows the signed-in customer their own profile', async () => {
    const outcome = (await answer(cases[0], 'customer')) as { result: { profile: { email: string } } }
    expect(outcome.result.profile.email).toBe('casey@example.com')
  })

  test('the accounting hub lists the signed-in customer’s own invoices and files, and a visitor’s nothing', async () => {
    const tracker = cases.find((testCase) => testCase.name.startsWith('accounting hub (')) as Case
    const uploads = cases.find((testCase) => testCase.name.startsWith('accounting hub uploads')) as Case
    type Hub = {
      result: { signedIn: boolean; invoices?: { id: string }[]; receipts?: { id: string }[]; invoiceIds?: string[] }
    }
    const visitor = (await answer(tracker, 'visitor')) as Hub
    expect(visitor.result).toEqual({ signedIn: false, tab: 'invoices' })
    expect(((await answer(uploads, 'visitor')) as Hub).result).toEqual({ signedIn: false, tab: 'uploads' })
    const casey = (await answer(tracker, 'customer')) as Hub
    const robin = (await answer(tracker, 'owner')) as Hub
    const caseyUploads = (await answer(uploads, 'customer')) as Hub
    const robinUploads = (await answer(uploads, 'owner')) as Hub
    const ids = (list?: { id: string }[]) => (list ?? []).map((row) => row.id)
    expect(ids(casey.result.invoices)).not.toContain(robinInvoiceId)
    expect(ids(caseyUploads.result.receipts)).not.toContain(robinReceiptId)
    expect(caseyUploads.result.invoiceIds).not.toContain(robinInvoiceId)
    expect(ids(robin.result.invoices)).toContain(robinInvoiceId)
    expect(ids(robinUploads.result.receipts)).toContain(robinReceiptId)
    expect(robinUploads.result.invoiceIds).toContain(robinInvoiceId)
  })

  test('a profile update changes only the signer’s own row', async () => {
    await answer(cases[1], 'customer')
    const rows = await database.db.select({ email: users.email, name: users.name }).from(users)
    expect(rows.find((row) => row.email === 'casey@example.com')?.name).toBe('Changed Name')
    expect(rows.find((row) => row.email === 'robin@example.com')?.name).toBe('Robin Other')
  })

  test('a review is stored under the signer’s own account, waiting for approval', async () => {
    const productReview = cases.find((testCase) => testCase.name === 'product review') as Case
    await database.db.delete(reviews)
    await answer(productReview, 'customer')
    const rows = await database.db
      .select({ userId: reviews.userId, name: reviews.name, productId: reviews.productId, approved: reviews.approved })
      .from(reviews)
    // The name is the profile's full name at the time of writing.
    const [casey] = await database.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, 'casey@example.com'))
    expect(rows).toEqual([{ userId: casey.id, name: casey.name, productId: reviewedProductId, approved: false }])
  })

  test('a review with bad input gets the spec’s toast and a 400, never an error', async () => {
    const productReview = cases.find((testCase) => testCase.name === 'product review') as Case
    type Answer = { result: { data: { ok: boolean; toast: { title: string } }; init: ResponseInit | null } }
    const refused = async (testCase: Case) => {
      const { result } = (await answer(testCase, 'customer')) as Answer
      return { status: result.init?.status, ok: result.data.ok, title: result.data.toast.title }
    }
    expect(await refused({ ...productReview, form: { ...reviewForm, rating: '0' } })).toEqual({
      status: 400,
      ok: false,
      title: 'Rating required',
    })
    expect(await refused({ ...productReview, form: { ...reviewForm, comment: ' ' } })).toEqual({
      status: 400,
      ok: false,
      title: 'Fields required',
    })
    expect(await refused({ ...productReview, form: {} })).toMatchObject({ status: 400, title: 'Rating required' })
    const unknownProduct = { productId: '00000000-0000-4000-8000-000000000000' }
    expect(await refused({ ...productReview, params: unknownProduct })).toEqual({
      status: 404,
      ok: false,
      title: 'Product not found',
    })
    const notAForm = new Request('http://localhost:3000/feedback', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: cookies.customer as string,
        'content-type': 'application/json',
      },
      body: '{"rating": 5',
    })
    const result = (await feedback.action({ request: notAForm, params: {}, context: {} } as never)) as Answer['result']
    expect(result.init?.status).toBe(400)
  })

  test('admin search shortcuts are only offered to admins', async () => {
    const suggestions = async (role: Role) => {
      const request = requestFor({ ...cases[0], url: '/resources/search-suggestions?q=manage' }, role)
      return searchSuggestions.loader({ request, params: {}, context: {} } as never)
    }
    expect((await suggestions('visitor')).admin).toEqual([])
    expect((await suggestions('customer')).admin).toEqual([])
    expect((await suggestions('admin')).admin).toHaveLength(4)
  })
})
