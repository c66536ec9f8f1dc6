import { redirect, useNavigate } from 'react-router'
import { z } from 'zod'
import { CursorPager, pagerHrefs } from '#app/components/cursor-pager.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { invoiceIdsOfOrders, listInvoicesOfUserPage } from '#app/modules/invoices/index.server.ts'
import { countryOptions } from '#app/rules/countries.ts'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { listCustomerOrders } from '#app/workflows/list-customer-orders.server.ts'
import { savePassword, saveProfile, signedOutOfPasswordChange } from './+shared/account-actions.server.ts'
import { InvoicesTab, OrdersTab, PasswordForm, ProfileForm } from './+shared/account-panels.tsx'
import type { Route } from './+types/account.ts'

const tabs = ['profile', 'orders', 'invoices', 'settings'] as const
const QuerySchema = z.object({ tab: z.enum(tabs).catch('profile') })

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request)
  const params = new URL(request.url).searchParams
  const { tab } = QuerySchema.parse({ tab: params.get('tab') ?? undefined })
  const profile = await retrieveProfile(viewer.id)
  if (!profile) {
    throw await redirectWithToast('/auth?tab=login', {
      title: 'Failed to load profile.',
      description: 'Please try logging in again.',
      variant: 'destructive',
    })
  }
  // Only the open tab's list is read and sent: a tab is opened by its address (the tabs navigate),
  // which runs this loader again (decision 030, second addendum). Each list comes a page at a time,
  // `after` and `before` its cursors (decision 029, second addendum).
  const cursor = { after: params.get('after'), before: params.get('before') }
  const [orders, invoices] = await Promise.all([
    tab === 'orders' ? listCustomerOrders(viewer.id, cursor) : null,
    tab === 'invoices' ? listInvoicesOfUserPage(viewer.id, cursor) : null,
  ])
  const page = orders ?? invoices
  return {
    tab,
    profile,
    orders: orders?.rows ?? [],
    // The orders tab links each order to its invoice.
    invoiceOf: orders
      ? await invoiceIdsOfOrders(
          viewer.id,
          orders.rows.map((order) => order.id),
        )
      : {},
    invoices: invoices?.rows ?? [],
    ...(page
      ? pagerHrefs(page, (cursor) => `/account?${new URLSearchParams({ tab, ...cursor })}`)
      : { nextHref: null, previousHref: null }),
    // Named on the server, so the page and its hydration read the same names.
    countries: countryOptions([]),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData().catch(() => new FormData()))
  const viewer = await getViewer(request)
  if (!viewer) {
    if (fields.intent === 'change-password') return signedOutOfPasswordChange()
    throw redirect('/auth?tab=login&redirectTo=%2Faccount')
  }
  if (fields.intent === 'update-profile') return saveProfile(viewer, fields)
  if (fields.intent === 'change-password') {
    return savePassword(request, fields, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
  }
  return refused(null, 'Unknown request.')
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta() {
  return [{ title: 'My Account · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { tab, profile, orders, invoices, invoiceOf, nextHref, previousHref, countries } = loaderData
  const navigate = useNavigate()
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <header className="mb-6">
        <h1 className="font-bold text-3xl tracking-tight">My Account</h1>
        <p className="text-muted-foreground">{profile.email}</p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(next) => navigate(`/account?tab=${next}`, { replace: true, preventScrollReset: true })}
      >
        <TabsList className="mb-4">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="invoices">Invoices</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileForm profile={profile} countries={countries} />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab orders={orders} invoiceOf={invoiceOf} />
          <CursorPager label="Order pages" previousHref={previousHref} nextHref={nextHref} />
        </TabsContent>
        <TabsContent value="invoices">
          <InvoicesTab invoices={invoices} />
          <CursorPager label="Invoice pages" previousHref={previousHref} nextHref={nextHref} />
        </TabsContent>
        <TabsContent value="settings">
          <PasswordForm />
        </TabsContent>
      </Tabs>
    </section>
  )
}
