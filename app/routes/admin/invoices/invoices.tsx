import { DownloadIcon, PlusIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { type BulkAction, BulkActionBar, useRowSelection } from '#app/components/admin/bulk-actions.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { ListPager } from '#app/components/list-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { listCustomersForPicker } from '#app/modules/accounts/index.server.ts'
import { listVisibleProductPrices } from '#app/modules/catalog/index.server.ts'
import { listReceiptsLinkedTo } from '#app/modules/documents/index.server.ts'
import { listFlaggedInvoicePayments } from '#app/modules/invoices/index.server.ts'
import {
  INVOICE_LIST_STATUSES,
  INVOICE_SEARCH_MAX_LENGTH,
  InvoiceListQuerySchema,
} from '#app/modules/invoices/schemas.ts'
import type { InvoiceStatus } from '#app/modules/invoices/types.ts'
import { rangeText } from '#app/rules/calendar.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { listAdminInvoices } from '#app/workflows/list-admin-invoices.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { receiptsByLink } from '../+shared/receipt-links.tsx'
import type { Route } from './+types/invoices.ts'
import { FlaggedPayments } from './flagged-payments.tsx'
import {
  changeInvoiceStatus,
  deleteInvoiceFromForm,
  resolvePaymentFromForm,
  saveInvoiceFromForm,
  unknownIntent,
  voidInvoiceFromForm,
} from './invoice-actions.server.ts'
import { InvoiceFormDialog } from './invoice-form-dialog.tsx'
import type { InvoiceRow } from './invoice-types.ts'
import { InvoicesTable } from './invoices-table.tsx'

const PAGE_SIZE = 50

/** The reason a list could not be read, for the error toast (back-office §8: the service message). */
function failed(result: PromiseSettledResult<unknown>, what: string) {
  if (result.status === 'fulfilled') return null
  logger.error({ err: result.reason }, `Admin invoices: ${what} could not be read`)
  return result.reason instanceof Error ? result.reason.message : 'Please try again.'
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { status, payment, q, from, to, by, page } = InvoiceListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  )
  const dates = from || to ? { from, to, by, timeZone: getEnv().SHOP_TIME_ZONE } : undefined
  const [list, customers, products, flagged] = await Promise.allSettled([
    listAdminInvoices({ status, payment, search: q, dates, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listCustomersForPicker(),
    listVisibleProductPrices(),
    listFlaggedInvoicePayments(),
  ])
  const customerList = customers.status === 'fulfilled' ? customers.value : []
  const customerById = new Map(customerList.map((customer) => [customer.id, customer]))
  const { invoices, total } = list.status === 'fulfilled' ? list.value : { invoices: [], total: 0 }
  const receipts = await listReceiptsLinkedTo({ invoiceIds: invoices.map((invoice) => invoice.id) }).catch((err) => {
    logger.error({ err }, 'Admin invoices: receipts could not be read')
    return []
  })
  const receiptsOf = receiptsByLink(receipts, (receipt) => receipt.invoiceId)
  const rows: InvoiceRow[] = invoices.map((invoice) => {
    const customer = invoice.userId ? customerById.get(invoice.userId) : undefined
    const paidBy = invoice.declaredByCustomer ? 'customer' : invoice.paymentReference ? 'card' : 'shop'
    return {
      id: invoice.id,
      userId: invoice.userId,
      customerName: customer?.fullName || null,
      customerEmail: customer?.email ?? invoice.email,
      status: invoice.status,
      testPayment: invoice.testPayment,
      totalCents: invoice.totalCents,
      createdAt: invoice.createdAt,
      items: invoice.items,
      payment: invoice.status === 'paid' && invoice.paymentDate ? { by: paidBy, date: invoice.paymentDate } : null,
      receipts: receiptsOf.get(invoice.id) ?? [],
    }
  })
  return {
    invoices: rows,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    status: status ?? null,
    payment,
    q,
    from: from ?? null,
    to: to ?? null,
    by,
    flaggedPayments: flagged.status === 'fulfilled' ? flagged.value : [],
    customers: customerList,
    products: products.status === 'fulfilled' ? products.value : [],
    errors: { invoices: failed(list, 'invoices'), customers: failed(customers, 'customers') },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  const actor = { id: admin.id, label: admin.email }
  if (intent === 'create' || intent === 'update') return saveInvoiceFromForm(form, intent, actor)
  if (intent === 'set-status') return changeInvoiceStatus(form, actor)
  if (intent === 'delete') return deleteInvoiceFromForm(form, actor)
  if (intent === 'void') return voidInvoiceFromForm(form, actor)
  if (intent === 'resolve-payment') return resolvePaymentFromForm(form, admin.id)
  return unknownIntent()
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export const headers = privatePage

export const meta = () => adminMeta('Invoices')

type Place = {
  status: InvoiceStatus | null
  payment: InvoicePaymentFilter
  q: string
  from: string | null
  to: string | null
  by: 'created' | 'paid'
}

function listQuery({ status, payment, q, from, to, by }: Place, page = 1) {
  return queryString({
    status,
    payment: payment !== 'all' && payment,
    q,
    from,
    to,
    by: Boolean(from || to) && by !== 'created' && by,
    page: page > 1 && page,
  })
}

const listHref = (place: Place, page = 1) => `/admin/invoices${listQuery(place, page)}`

/** What the invoice list does with several invoices at once: export them. */
const invoiceBulkActions: BulkAction[] = [
  {
    intent: 'export',
    label: 'Export CSV',
    icon: <DownloadIcon aria-hidden />,
    title: (count) => `Export ${count} ${count === 1 ? 'invoice' : 'invoices'}?`,
    description: 'A CSV file of them is saved by your browser, with customers, items, totals and payments.',
    confirmLabel: 'Download CSV',
    download: '/admin/invoices.csv',
  },
]

const INVOICE_PAYMENT_FILTERS = ['all', 'real', 'test'] as const
type InvoicePaymentFilter = (typeof INVOICE_PAYMENT_FILTERS)[number]
const paymentLabels: Record<InvoicePaymentFilter, string> = {
  all: 'All payments',
  real: 'Paid for real',
  test: 'Test payments',
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices, total, page, pageCount, flaggedPayments, customers, products, errors } = loaderData
  const { status, payment, q, from, to, by } = loaderData
  const place: Place = { status, payment, q, from, to, by }
  const selection = useRowSelection(
    useMemo(() => invoices.map((invoice) => invoice.id), [invoices]),
    total,
  )
  const [editing, setEditing] = useState<InvoiceRow | 'new' | null>(null)
  const [deleting, setDeleting] = useState<InvoiceRow | null>(null)
  const [voiding, setVoiding] = useState<InvoiceRow | null>(null)

  useLoadErrorToast(
    errors.invoices ? 'Error fetching invoices' : 'Error fetching customers',
    errors.invoices ?? errors.customers,
  )

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Invoices</h1>
          <p className="mt-2 text-muted-foreground">Invoices and quotes of every customer, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/admin/invoices.csv${listQuery(place)}`} download>
              <DownloadIcon aria-hidden /> Export CSV
            </a>
          </Button>
          <Button type="button" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden /> New Invoice
          </Button>
        </div>
      </header>

      <FlaggedPayments payments={flaggedPayments} />

      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
          {[null, ...INVOICE_LIST_STATUSES].map((filter) => (
            <Button key={filter ?? 'all'} asChild size="sm" variant={filter === status ? 'default' : 'outline'}>
              <Link to={listHref({ ...place, status: filter })} aria-current={filter === status ? 'page' : undefined}>
                {filter ? `${filter[0].toUpperCase()}${filter.slice(1)}` : 'All'}
              </Link>
            </Button>
          ))}
        </nav>
        <FilterNav
          label="Filter by payment"
          options={INVOICE_PAYMENT_FILTERS}
          current={payment}
          labels={paymentLabels}
          hrefFor={(filter) => listHref({ ...place, payment: filter })}
        />
      </div>
      <div className="mt-4">
        <ListFilterForm
          id="invoice-filter"
          action="/admin/invoices"
          searchLabel="Invoice, order number, customer"
          search={q}
          searchMaxLength={INVOICE_SEARCH_MAX_LENGTH}
          from={from}
          to={to}
          keep={{ status, payment: payment === 'all' ? null : payment }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-filter-by">Dates by</Label>
            <select
              id="invoice-filter-by"
              name="by"
              defaultValue={by === 'created' ? '' : by}
              key={by}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
            >
              {/* The default needs no field in the address: an empty one is left out. */}
              <option value="">Invoice date</option>
              <option value="paid">Payment date</option>
            </select>
          </div>
        </ListFilterForm>
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{status ? <span className="capitalize">{status}</span> : 'All invoices'}</CardTitle>
          <CardDescription>
            {total === 1 ? '1 invoice' : `${total} invoices`}
            {q ? ` matching “${q}”` : ''}
            {from || to ? ` ${by === 'paid' ? 'paid' : 'dated'} ${rangeText(from, to)}` : ''} · page {page} of{' '}
            {pageCount}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {invoices.length === 0 ? (
            <p className="text-muted-foreground">
              {total > 0 ? 'No invoices on this page.' : q || from || to ? 'No invoices match.' : 'No invoices yet.'}
            </p>
          ) : (
            <>
              <BulkActionBar
                selection={selection}
                actions={invoiceBulkActions}
                query={listQuery(place).slice(1)}
                noun={{ one: 'invoice', many: 'invoices' }}
              />
              <InvoicesTable
                invoices={invoices}
                selection={selection}
                onEdit={setEditing}
                onDelete={setDeleting}
                onVoid={setVoiding}
              />
            </>
          )}
          <ListPager label="Invoice pages" page={page} pageCount={pageCount} hrefFor={(to) => listHref(place, to)} />
        </CardContent>
      </Card>

      {editing ? (
        <InvoiceFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          invoice={editing === 'new' ? null : editing}
          customers={customers}
          products={products}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          onClose={() => setDeleting(null)}
          title={`Delete Invoice #${shortId(deleting.id)}?`}
          description={
            <>
              The {deleting.status} invoice of {deleting.customerName || deleting.customerEmail || 'a guest'} for{' '}
              {formatMoney(deleting.totalCents)} and its items are deleted for good.
            </>
          }
          confirmLabel="Delete Invoice"
          intent="delete"
          fields={{ invoiceId: deleting.id }}
        />
      ) : null}
      {voiding ? (
        <ConfirmDialog
          onClose={() => setVoiding(null)}
          title={`Void Invoice #${shortId(voiding.id)}?`}
          description={
            <>
              The {voiding.status} invoice of {voiding.customerName || voiding.customerEmail || 'a guest'} for{' '}
              {formatMoney(voiding.totalCents)} is marked void and kept in the records. It can no longer be paid,
              changed or deleted, and it leaves the revenue figures.
              {voiding.status === 'paid' ? ' Refund the payment on its order first if money is to go back.' : ''}
            </>
          }
          confirmLabel="Void Invoice"
          intent="void"
          fields={{ invoiceId: voiding.id }}
        />
      ) : null}
    </section>
  )
}
