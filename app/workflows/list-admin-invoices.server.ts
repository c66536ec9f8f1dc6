import { userIdsMatching } from '#app/modules/accounts/index.server.ts'
import {
  type AdminInvoiceDto,
  type InvoiceListFilter,
  iterateInvoices,
  listAllInvoices,
} from '#app/modules/invoices/index.server.ts'
import { orderIdNumbered } from '#app/modules/orders/index.server.ts'
import { type WithCustomer, withCustomers } from './customer-names.server.ts'

/** An invoice as the export writes it: with its customer's name, and their e-mail or the billing one. */
export type AdminInvoiceRow = WithCustomer<AdminInvoiceDto>

/** The back-office invoice list's filter, with the admin's search as typed. */
export type AdminInvoiceFilter = Omit<InvoiceListFilter, 'search'> & { search: string }

/**
 * Step: what the search names outside the invoices: customers by name or e-mail (accounts
 * module) and an order by its number, `1001` or `#1001` (orders module).
 */
function resolveSearch({ search, ...filter }: AdminInvoiceFilter): InvoiceListFilter {
  const text = search.trim()
  if (!text) return filter
  const number = /^#?(\d{1,10})$/.exec(text)?.[1]
  // Subqueries, read in the list's own statement rather than before it.
  const orderIds = (number ? orderIdNumbered(Number(number)) : null) ?? []
  return { ...filter, search: { text, userIds: userIdsMatching(text) ?? [], orderIds } }
}

/**
 * One page of the back-office invoice list (back-office §2, §9) for a filter and search.
 * @example const { invoices, total } = await listAdminInvoices({ search: 'casey', limit: 50, offset: 0 })
 */
export async function listAdminInvoices({
  limit,
  offset,
  ...filter
}: AdminInvoiceFilter & { limit: number; offset: number }): Promise<{ invoices: AdminInvoiceDto[]; total: number }> {
  return listAllInvoices({ ...resolveSearch(filter), limit, offset })
}

/**
 * Every invoice of a filter and search, in batches with their customers, for the CSV export.
 * @example for await (const batch of exportAdminInvoices({ status: 'paid', search: '' })) write(batch)
 */
export async function* exportAdminInvoices(filter: AdminInvoiceFilter): AsyncGenerator<AdminInvoiceRow[]> {
  for await (const batch of iterateInvoices(resolveSearch(filter))) yield await withCustomers(batch)
}
