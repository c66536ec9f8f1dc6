import { ReceiptTextIcon } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { fieldsOf, SelectField, UnmarkedInputField } from '#app/components/forms/field.tsx'
import { checkNewPassword, NewPasswordFields } from '#app/components/forms/new-password-fields.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { InvoiceStatusBadge } from '#app/components/invoices/invoice-status-badge.tsx'
import { OrderLineExtras } from '#app/components/made-to-order/order-line-extras.tsx'
import { PaymentBadge } from '#app/components/orders/order-badges.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { SelectOption } from '#app/components/ui/select.tsx'
import type { ProfileDto } from '#app/modules/accounts/types.ts'
import type { InvoiceSummaryDto } from '#app/modules/invoices/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { CustomerOrderDto } from '#app/workflows/list-customer-orders.server.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

type ProfileValues = ProfileDto['shippingAddress'] & { fullName: string }

/** The profile's text fields, by the name each is posted with. */
const PROFILE_FIELDS: Record<
  'fullName' | 'street' | 'line2' | 'city' | 'state' | 'zip' | 'phone',
  { id: string; label: string; autoComplete: string; type?: string }
> = {
  fullName: { id: 'profile-name', label: 'Full Name', autoComplete: 'name' },
  street: { id: 'profile-street', label: 'Street', autoComplete: 'address-line1' },
  line2: { id: 'profile-line2', label: 'Apartment, suite, etc. (optional)', autoComplete: 'address-line2' },
  city: { id: 'profile-city', label: 'City', autoComplete: 'address-level2' },
  state: { id: 'profile-state', label: 'State', autoComplete: 'address-level1' },
  zip: { id: 'profile-zip', label: 'Zip', autoComplete: 'postal-code' },
  phone: { id: 'profile-phone', label: 'Phone (optional)', autoComplete: 'tel', type: 'tel' },
}

export function ProfileForm({ profile, countries }: { profile: ProfileDto; countries: SelectOption[] }) {
  const { fetcher, busy, errors } = useActionForm()
  const values: ProfileValues = { ...profile.shippingAddress, fullName: profile.fullName }
  const field = fieldsOf('profile', values, errors)
  const textField = (name: keyof typeof PROFILE_FIELDS) => (
    <UnmarkedInputField
      key={name}
      {...PROFILE_FIELDS[name]}
      name={name}
      defaultValue={values[name]}
      error={errors[name]}
    />
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and the address we ship your orders to.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid max-w-xl gap-4">
          <input type="hidden" name="intent" value="update-profile" />
          <UnmarkedInputField id="profile-email" label="Email" value={profile.email} readOnly disabled />
          {textField('fullName')}
          {textField('street')}
          {textField('line2')}
          <div className="grid gap-4 sm:grid-cols-3">{(['city', 'state', 'zip'] as const).map(textField)}</div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField {...field('country')} label="Country" autoComplete="country" options={countries}>
              <option value="">Choose a country</option>
            </SelectField>
            {textField('phone')}
          </div>
          <SubmitButton busy={busy} className="justify-self-start">
            Save Profile
          </SubmitButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

export function PasswordForm() {
  const formRef = useRef<HTMLFormElement>(null)
  // The answer's toast comes from the page's clientAction; a success clears the fields.
  const { fetcher, busy, errors } = useActionForm({ onOk: () => formRef.current?.reset() })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          At least 8 characters, with a lowercase and an uppercase letter, a number and a special character. Other
          devices are signed out afterwards.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={formRef} method="post" className="grid max-w-sm gap-4" onSubmit={checkNewPassword}>
          <input type="hidden" name="intent" value="change-password" />
          <UnmarkedInputField
            id="settings-current-password"
            name="currentPassword"
            type="password"
            label="Current Password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <NewPasswordFields ids={['settings-password', 'settings-confirm']} errors={errors} />
          <SubmitButton busy={busy} className="justify-self-start">
            Change Password
          </SubmitButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

/** The customer's tools next to their orders: order from the catalogue, or put a quote together. */
function OrderTools() {
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <Button asChild size="sm">
        <Link to="/order">Create an Order</Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/quotes">My Quotes</Link>
      </Button>
    </div>
  )
}

export function OrdersTab({
  orders,
  invoiceOf,
}: {
  orders: CustomerOrderDto[]
  /** The invoice id of each order that has one. */
  invoiceOf: Record<string, string>
}) {
  return (
    <TabList
      tools={<OrderTools />}
      empty={
        orders.length === 0 ? (
          <EmptyState title="No orders yet" text="Orders you place will appear here.">
            <Button asChild>
              <Link to="/products">Browse products</Link>
            </Button>
          </EmptyState>
        ) : null
      }
    >
      {orders.map((order) => (
        <li key={order.id}>
          <Card className="gap-2 py-4">
            <CardContent className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <p className="font-semibold">
                  <Link to={`/account/orders/${order.id}`} className="underline-offset-4 hover:underline">
                    Order #{order.number}
                  </Link>
                </p>
                <p className="text-muted-foreground text-sm">{dateFormat.format(new Date(order.createdAt))}</p>
                <ul className="mt-1 grid gap-1 text-sm" aria-label={`Items of order #${order.number}`}>
                  {order.items.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: order lines never move
                    <li key={index}>
                      {`${item.quantity} × ${item.title}${item.variationName ? ` (${item.variationName})` : ''}`}
                      <OrderLineExtras note={item.note} modelFile={item.modelFile} />
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex items-center gap-3">
                <Badge variant="secondary" className="capitalize">
                  {order.status}
                </Badge>
                {order.testPayment ? <TestPaymentBadge /> : <PaymentBadge status={order.paymentStatus} />}
                <span className="font-semibold">{formatMoney(order.totalCents)}</span>
                {invoiceOf[order.id] ? (
                  <Link
                    to={`/invoices/${invoiceOf[order.id]}`}
                    className="text-primary text-sm underline-offset-4 hover:underline"
                  >
                    Invoice<span className="sr-only"> of order #{order.number}</span>
                  </Link>
                ) : null}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </TabList>
  )
}

function AccountingHubLink() {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-muted-foreground text-sm">Mark invoices as paid and send us your receipts.</p>
      <Button asChild size="sm" variant="outline">
        <Link to="/accounting">
          <ReceiptTextIcon aria-hidden /> Accounting Hub
        </Link>
      </Button>
    </div>
  )
}

export function InvoicesTab({ invoices }: { invoices: InvoiceSummaryDto[] }) {
  return (
    <TabList
      tools={<AccountingHubLink />}
      empty={
        invoices.length === 0 ? (
          <EmptyState title="No invoices yet" text="Invoices for your orders appear here." />
        ) : null
      }
    >
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link
            to={`/invoices/${invoice.id}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 hover:bg-accent"
          >
            <div>
              <p className="font-semibold">Invoice #{shortId(invoice.id)}</p>
              <p className="text-muted-foreground text-sm">{dateFormat.format(new Date(invoice.createdAt))}</p>
            </div>
            <div className="flex items-center gap-3">
              <InvoiceStatusBadge status={invoice.status} testId="account-invoice-status" />
              {invoice.testPayment ? <TestPaymentBadge /> : null}
              <span className="font-semibold">{formatMoney(invoice.totalCents)}</span>
            </div>
          </Link>
        </li>
      ))}
    </TabList>
  )
}

/** A tab's tools above its list, or above what the tab says while the list is empty. */
function TabList({
  tools,
  empty,
  children,
}: {
  tools: React.ReactNode
  empty: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <>
      {tools}
      {empty ?? <ul className="grid gap-3">{children}</ul>}
    </>
  )
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-2">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground text-sm">{text}</p>
        {children}
      </CardContent>
    </Card>
  )
}
