import { ReceiptTextIcon } from 'lucide-react'
import { useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { InvoiceStatusBadge } from '#app/components/invoices/invoice-status-badge.tsx'
import { OrderLineExtras } from '#app/components/made-to-order/order-line-extras.tsx'
import { PaymentBadge } from '#app/components/orders/order-badges.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ProfileDto } from '#app/modules/accounts/types.ts'
import type { InvoiceSummaryDto } from '#app/modules/invoices/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { newPasswordProblem } from '#app/rules/password.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { CustomerOrderDto } from '#app/workflows/list-customer-orders.server.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** The server's refusal names each field's problem; it is shown beside the field. */
function fieldErrorsOf(fetcher: ReturnType<typeof useFetcher<ActionResult>>): Record<string, string> {
  return fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
}

function TextField({
  label,
  id,
  error,
  ...props
}: { label: string; id: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input {...describedBy(id, { error })} {...props} />
    </Field>
  )
}

export function ProfileForm({
  profile,
  countries,
}: {
  profile: ProfileDto
  countries: { code: string; name: string }[]
}) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  const errors = fieldErrorsOf(fetcher)
  const address = profile.shippingAddress
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and the address we ship your orders to.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid max-w-xl gap-4">
          <input type="hidden" name="intent" value="update-profile" />
          <TextField id="profile-email" label="Email" value={profile.email} readOnly disabled />
          <TextField
            id="profile-name"
            name="fullName"
            label="Full Name"
            defaultValue={profile.fullName}
            autoComplete="name"
            error={errors.fullName}
          />
          <TextField
            id="profile-street"
            name="street"
            label="Street"
            defaultValue={address.street}
            autoComplete="address-line1"
            error={errors.street}
          />
          <TextField
            id="profile-line2"
            name="line2"
            label="Apartment, suite, etc. (optional)"
            defaultValue={address.line2}
            autoComplete="address-line2"
            error={errors.line2}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              id="profile-city"
              name="city"
              label="City"
              defaultValue={address.city}
              autoComplete="address-level2"
              error={errors.city}
            />
            <TextField
              id="profile-state"
              name="state"
              label="State"
              defaultValue={address.state}
              autoComplete="address-level1"
              error={errors.state}
            />
            <TextField
              id="profile-zip"
              name="zip"
              label="Zip"
              defaultValue={address.zip}
              autoComplete="postal-code"
              error={errors.zip}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-country" label="Country" error={errors.country}>
              <NativeSelect
                {...describedBy('profile-country', { error: errors.country })}
                name="country"
                defaultValue={address.country}
                autoComplete="country"
              >
                <option value="">Choose a country</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <TextField
              id="profile-phone"
              name="phone"
              type="tel"
              label="Phone (optional)"
              defaultValue={address.phone}
              autoComplete="tel"
              error={errors.phone}
            />
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? <Spinner /> : null}
            Save Profile
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

export function PasswordForm() {
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  // The answer's toast comes from the page's clientAction; a success clears the fields.
  useActionAnswer(fetcher, { onOk: () => formRef.current?.reset() })
  const busy = fetcher.state !== 'idle'
  const errors = fieldErrorsOf(fetcher)
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
        <fetcher.Form
          ref={formRef}
          method="post"
          className="grid max-w-sm gap-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget)
            const problem = newPasswordProblem(
              String(form.get('password') ?? ''),
              String(form.get('confirmPassword') ?? ''),
            )
            if (problem) {
              event.preventDefault()
              showToast({ title: problem.title, description: problem.description, variant: 'destructive' })
            }
          }}
        >
          <input type="hidden" name="intent" value="change-password" />
          <TextField
            id="settings-current-password"
            name="currentPassword"
            type="password"
            label="Current Password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <TextField
            id="settings-password"
            name="password"
            type="password"
            label="New Password"
            autoComplete="new-password"
            required
            error={errors.password}
          />
          <TextField
            id="settings-confirm"
            name="confirmPassword"
            type="password"
            label="Confirm New Password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? <Spinner /> : null}
            Change Password
          </Button>
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
  if (orders.length === 0) {
    return (
      <>
        <OrderTools />
        <EmptyState title="No orders yet" text="Orders you place will appear here.">
          <Button asChild>
            <Link to="/products">Browse products</Link>
          </Button>
        </EmptyState>
      </>
    )
  }
  return (
    <>
      <OrderTools />
      <ul className="grid gap-3">
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
      </ul>
    </>
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
  if (invoices.length === 0) {
    return (
      <>
        <AccountingHubLink />
        <EmptyState title="No invoices yet" text="Invoices for your orders appear here." />
      </>
    )
  }
  return (
    <>
      <AccountingHubLink />
      <ul className="grid gap-3">
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
      </ul>
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
