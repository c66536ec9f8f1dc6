import { useMemo, useState } from 'react'
import { AdminPage, countOf, emptyListText, ListCard, narrowedText } from '#app/components/admin/admin-page.tsx'
import { type BulkAction, BulkActionBar, useRowSelection } from '#app/components/admin/bulk-actions.tsx'
import { FilterNav } from '#app/components/admin/filter-nav.tsx'
import { ExportCsvLink, exportCsvAction, PaymentFilterNav } from '#app/components/admin/list-export.tsx'
import { ListFilterForm } from '#app/components/admin/list-filter-form.tsx'
import { CreateButton, RowConfirmDialog, RowFormDialog, useRowDialogs } from '#app/components/admin/row-dialogs.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { useLoadErrorToast } from '#app/hooks/use-load-error-toast.ts'
import { profilesByIdsColumn } from '#app/modules/accounts/index.server.ts'
import { productOptionsByIdsColumn } from '#app/modules/catalog/index.server.ts'
import { listReceiptsLinkedTo } from '#app/modules/documents/index.server.ts'
import { listFlaggedInvoicePayments } from '#app/modules/invoices/index.server.ts'
import {
  INVOICE_LIST_STATUSES,
  INVOICE_SEARCH_MAX_LENGTH,
  InvoiceListQuerySchema,
} from '#app/modules/invoices/schemas.ts'
import type { InvoiceStatus } from '#app/modules/invoices/types.ts'
import type { PaymentFilter } from '#app/modules/orders/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { readFigures } from '#app/utils/list-queries.server.ts'
import { queryString } from '#app/utils/query-string.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { listAdminInvoices } from '#app/workflows/list-admin-invoices.server.ts'
import { adminMeta, privatePage } from '../+shared/admin-page.ts'
import { pageCountOf, readListQuery, readOr, shopDays } from '../+shared/list-page.server.ts'
import { receiptsByLink } from '../+shared/receipt-links.tsx'
import { customerChoice, productChoice } from '../+shared/record-choices.ts'
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

const PAGE_SIZE = 25

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { status, payment, q, from, to, by, page } = readListQuery(request, InvoiceListQuerySchema)
  const dates = shopDays({ from, to, by })
  const paging = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }
  const [list, flagged] = await Promise.all([
    readOr('invoices', listAdminInvoices({ status, payment, search: q, dates, ...paging }), {
      invoices: [],
      total: 0,
    }),
    readOr('flagged payments', listFlaggedInvoicePayments(), []),
  ])
  const { invoices, total } = list.value
  const invoiceIds = invoices.map((invoice) => invoice.id)
  // Only the customers and products of this page's invoices: the dialog's pickers search the rest.
  const userIds = invoices.flatMap((invoice) => (invoice.userId ? [invoice.userId] : []))
  const productIds = invoices.flatMap((invoice) => invoice.items.flatMap((item) => item.productId ?? []))
  const [receipts, related] = await Promise.all([
    readOr('invoice receipts', listReceiptsLinkedTo({ invoiceIds }), []),
    // One statement for both lists (decision 032).
    readOr(
      'invoice customers and products',
      readFigures({ customers: profilesByIdsColumn(userIds), products: productOptionsByIdsColumn(productIds) }),
      { customers: [], products: [] },
    ),
  ])
  const { customers, products } = related.value
  const customerById = new Map(customers.map((customer) => [customer.id, customer]))
  const receiptsOf = receiptsByLink(receipts.value, (receipt) => receipt.invoiceId)
  const rows: InvoiceRow[] = invoices.map((invoice) => {
    const customer = invoice.userId ? customerById.get(invoice.userId) : undefined
    const paidBy = invoice.declaredByCustomer ? 'customer' : invoice.paymentReference ? 'card' : 'shop'
    return {
      id: invoice.id,
      userId: invoice.userId,
      customer: customer ? customerChoice(customer) : null,
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
    pageCount: pageCountOf(total, PAGE_SIZE),
    status: status ?? null,
    payment,
    q,
    from: from ?? null,
    to: to ?? null,
    by,
    flaggedPayments: flagged.value,
    productChoices: products.map(productChoice),
    errors: { invoices: list.error, customers: related.error },
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
  payment: PaymentFilter
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
  exportCsvAction({ one: 'invoice', many: 'invoices' }, 'customers, items, totals and payments', '/admin/invoices.csv'),
]

const statusFilters = ['all', ...INVOICE_LIST_STATUSES] as const
const statusLabels = Object.fromEntries(
  statusFilters.map((filter) => [filter, `${filter[0].toUpperCase()}${filter.slice(1)}`]),
) as Record<(typeof statusFilters)[number], string>

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices, total, page, pageCount, flaggedPayments, productChoices, errors } = loaderData
  const { status, payment, q, from, to, by } = loaderData
  const place: Place = { status, payment, q, from, to, by }
  const selection = useRowSelection(
    useMemo(() => invoices.map((invoice) => invoice.id), [invoices]),
    total,
  )
  const dialogs = useRowDialogs<InvoiceRow>()
  const [voiding, setVoiding] = useState<InvoiceRow | null>(null)

  useLoadErrorToast(
    errors.invoices ? 'Error fetching invoices' : 'Error fetching customers',
    errors.invoices ?? errors.customers,
  )

  return (
    <AdminPage
      title="Invoices"
      description="Invoices and quotes of every customer, newest first."
      actions={
        <>
          <ExportCsvLink href={`/admin/invoices.csv${listQuery(place)}`} />
          <CreateButton label="New Invoice" onClick={dialogs.create} />
        </>
      }
    >
      <FlaggedPayments payments={flaggedPayments} />

      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <FilterNav
          label="Filter by status"
          options={statusFilters}
          current={status ?? 'all'}
          labels={statusLabels}
          hrefFor={(filter) => listHref({ ...place, status: filter === 'all' ? null : filter })}
        />
        <PaymentFilterNav current={payment} hrefFor={(filter) => listHref({ ...place, payment: filter })} />
      </div>
      <div className="mt-4">
        <ListFilterForm
          id="invoice-filter"
          action="/admin/invoices"
          searchLabel="Invoice, order number, customer"
          searchMaxLength={INVOICE_SEARCH_MAX_LENGTH}
          filter={place}
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

      <ListCard
        title={status ? <span className="capitalize">{status}</span> : 'All invoices'}
        count={countOf(total, 'invoice', 'invoices')}
        narrowedBy={narrowedText(place, by === 'paid' ? 'paid' : 'dated')}
        page={page}
        pageCount={pageCount}
        empty={emptyListText(
          { shown: invoices.length, total, narrowed: Boolean(q || from || to) },
          { none: 'No invoices yet.', noMatch: 'No invoices match.', pastEnd: 'No invoices on this page.' },
        )}
        pager={{ label: 'Invoice pages', hrefFor: (to) => listHref(place, to) }}
      >
        <BulkActionBar
          selection={selection}
          actions={invoiceBulkActions}
          query={listQuery(place).slice(1)}
          noun={{ one: 'invoice', many: 'invoices' }}
        />
        <InvoicesTable
          invoices={invoices}
          selection={selection}
          onEdit={dialogs.edit}
          onDelete={dialogs.confirm}
          onVoid={setVoiding}
        />
      </ListCard>

      <RowFormDialog editing={dialogs.editing}>
        {(invoice) => <InvoiceFormDialog invoice={invoice} products={productChoices} onClose={dialogs.closeEditor} />}
      </RowFormDialog>
      <RowConfirmDialog
        row={dialogs.confirming}
        onClose={dialogs.closeConfirmation}
        confirmation={(invoice) => ({
          title: `Delete Invoice #${shortId(invoice.id)}?`,
          description: (
            <>
              The {invoice.status} invoice of {invoice.customerName || invoice.customerEmail || 'a guest'} for{' '}
              {formatMoney(invoice.totalCents)} and its items are deleted for good.
            </>
          ),
          confirmLabel: 'Delete Invoice',
          intent: 'delete',
          fields: { invoiceId: invoice.id },
        })}
      />
      <RowConfirmDialog
        row={voiding}
        onClose={() => setVoiding(null)}
        confirmation={(invoice) => ({
          title: `Void Invoice #${shortId(invoice.id)}?`,
          description: (
            <>
              The {invoice.status} invoice of {invoice.customerName || invoice.customerEmail || 'a guest'} for{' '}
              {formatMoney(invoice.totalCents)} is marked void and kept in the records. It can no longer be paid,
              changed or deleted, and it leaves the revenue figures.
              {invoice.status === 'paid' ? ' Refund the payment on its order first if money is to go back.' : ''}
            </>
          ),
          confirmLabel: 'Void Invoice',
          intent: 'void',
          fields: { invoiceId: invoice.id },
        })}
      />
    </AdminPage>
  )
}
