import { LockIcon } from 'lucide-react'
import { Link, useActionData, useNavigate } from 'react-router'
import { z } from 'zod'
import { ActionNotice } from '#app/components/action-notice.tsx'
import { CursorPager, pagerHrefs } from '#app/components/cursor-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { listReceiptsOfUser } from '#app/modules/documents/index.server.ts'
import { listInvoicesOfUserPage } from '#app/modules/invoices/index.server.ts'
import { listRecentOrderIdsOfUser } from '#app/modules/orders/index.server.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { deleteReceiptFromForm, markPaidFromForm, unknownIntent } from './+shared/accounting-actions.server.ts'
import { InvoiceTracker } from './+shared/invoice-tracker.tsx'
import { ReceiptList } from './+shared/receipt-list.tsx'
import { receiptUploadIn, sendReceipt } from './+shared/receipt-upload.ts'
import { ReceiptUploadForm } from './+shared/receipt-upload-form.tsx'
import type { Route } from './+types/accounting.ts'

const tabs = ['invoices', 'uploads'] as const
const QuerySchema = z.object({ tab: z.enum(tabs).catch('invoices') })
/** How many of the newest invoices and orders the receipt upload suggests to link a receipt to. */
const LINK_SUGGESTIONS = 50

// The accounting hub has no route guard (storefront §2): a visitor sees Access Denied with a
// login link on the page itself. Everything it lists is the signed-in customer's own. Each tab
// reads what it shows: the tracker a page of 20 invoices (`after`, `before`), the uploads the
// receipts and the newest invoices' and orders' numbers to suggest (decision 029, second addendum).
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  const params = new URL(request.url).searchParams
  const { tab } = QuerySchema.parse({ tab: params.get('tab') ?? undefined })
  if (!viewer) return { signedIn: false as const, tab }
  if (tab === 'invoices') {
    const page = await listInvoicesOfUserPage(viewer.id, { after: params.get('after'), before: params.get('before') })
    return {
      signedIn: true as const,
      tab,
      invoices: page.rows,
      ...pagerHrefs(page, (cursor) => `/accounting?${new URLSearchParams({ tab, ...cursor })}`),
      receipts: [],
      invoiceIds: [],
      orderIds: [],
    }
  }
  const [receipts, invoices, orderIds] = await Promise.all([
    listReceiptsOfUser(viewer.id),
    listInvoicesOfUserPage(viewer.id, {}, LINK_SUGGESTIONS),
    listRecentOrderIdsOfUser(viewer.id, LINK_SUGGESTIONS),
  ])
  return {
    signedIn: true as const,
    tab,
    invoices: [],
    nextHref: null,
    previousHref: null,
    receipts,
    invoiceIds: invoices.rows.map((invoice) => invoice.id),
    orderIds,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request)
  // Uploads go to /resources/receipts, whose reader checks the size while the file arrives.
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    return refused(null, 'Please upload files with the upload form.', 415, undefined, 'Upload failed')
  }
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  if (intent === 'mark-paid') return markPaidFromForm(form, viewer)
  if (intent === 'delete-receipt') return deleteReceiptFromForm(form, viewer)
  return unknownIntent()
}

// Every answer's toast is raised once, when it arrives (decision 012); an upload is sent from here
// with XMLHttpRequest for its progress, and answers the same way (decision 020).
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const upload = await receiptUploadIn(request)
  return toastActionResult({ serverAction: upload ? () => sendReceipt(upload) : serverAction })
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta() {
  return [{ title: 'Accounting Hub · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function AccountingHub({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  // Without JavaScript a form's answer is written on the page instead of toasted.
  const answer = useActionData<typeof action>()
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <LockIcon className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-bold text-3xl">Access Denied</h1>
        <p className="text-muted-foreground">Please log in to view your invoices and upload receipts.</p>
        <Button asChild>
          <Link to="/auth?tab=login&redirectTo=%2Faccounting">Log in</Link>
        </Button>
      </section>
    )
  }
  const { tab, invoices, nextHref, previousHref, receipts, invoiceIds, orderIds } = loaderData
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <header className="mb-6">
        <h1 className="font-bold text-3xl tracking-tight">Accounting Hub</h1>
        <p className="text-muted-foreground">Keep track of your invoices and send us your payment receipts.</p>
      </header>
      <ActionNotice result={answer && 'toast' in answer ? answer : undefined} />
      <Tabs
        value={tab}
        onValueChange={(next) => navigate(`/accounting?tab=${next}`, { replace: true, preventScrollReset: true })}
        className="mt-2"
      >
        <TabsList className="mb-4">
          <TabsTrigger value="invoices">Invoice Tracker</TabsTrigger>
          <TabsTrigger value="uploads">File Uploads</TabsTrigger>
        </TabsList>
        <TabsContent value="invoices">
          <InvoiceTracker invoices={invoices} />
          <CursorPager label="Invoice pages" previousHref={previousHref} nextHref={nextHref} />
        </TabsContent>
        <TabsContent value="uploads" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <ReceiptUploadForm invoiceIds={invoiceIds} orderIds={orderIds} />
          <ReceiptList receipts={receipts} />
        </TabsContent>
      </Tabs>
    </section>
  )
}
