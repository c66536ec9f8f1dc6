import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { describedBy, FieldError, fieldErrorsOf, InputField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { formatMoney } from '#app/rules/money.ts'
import { type FulfilmentStatus, fulfilmentLabels, type PaymentStatus } from '#app/rules/order-labels.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

// The back-office order page's working panels: each posts one intent to the page's action, whose
// `clientAction` raises the toast (decision 012).

const REFUND_FETCHER = 'order-refund'

const STATUS_OPTIONS = (['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const).map((status) => ({
  value: status,
  label: fulfilmentLabels[status],
}))

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

const shipmentFields: TextFieldSpec<'carrier' | 'trackingNumber' | 'trackingUrl'>[] = [
  { name: 'carrier', label: 'Carrier', required: true, maxLength: 100 },
  { name: 'trackingNumber', label: 'Tracking number', required: true, maxLength: 100 },
  {
    name: 'trackingUrl',
    label: 'Tracking link (optional)',
    type: 'url',
    maxLength: 500,
    placeholder: 'https://',
    fieldClassName: 'sm:col-span-2',
  },
]

/** Carrier, tracking number and link; saving marks the order shipped and e-mails the customer. */
export function ShipPanel({
  status,
  carrier,
  trackingNumber,
  trackingUrl,
}: {
  status: FulfilmentStatus
  carrier: string | null
  trackingNumber: string | null
  trackingUrl: string | null
}) {
  const { fetcher, busy, errors } = useActionForm()
  if (status === 'cancelled') return null
  const shipped = status === 'shipped' || status === 'delivered'
  return (
    <Card>
      <CardHeader>
        <CardTitle>{shipped ? 'Shipment' : 'Mark as shipped'}</CardTitle>
        <CardDescription>
          {shipped
            ? 'Correct the carrier or tracking: the customer is e-mailed the new details.'
            : 'The customer gets an e-mail with the carrier and the tracking link.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="ship" />
          <TextFields
            idPrefix="ship"
            fields={shipmentFields}
            values={{ carrier, trackingNumber, trackingUrl }}
            errors={errors}
            remember
          />
          <SubmitButton busy={busy} className="justify-self-start">
            {shipped ? 'Save shipment' : 'Mark as shipped'}
          </SubmitButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

/** Any status from any other; cancelling here or with the button gives the stock back. */
export function StatusPanel({ number, status }: { number: number; status: FulfilmentStatus }) {
  const fetcher = useFetcher<ActionResult>()
  const pending = fetcher.formData?.get('status')
  return (
    <fetcher.Form method="post" className="grid gap-1.5">
      <input type="hidden" name="intent" value="set-status" />
      <Label htmlFor="order-status">Status</Label>
      <NativeSelect
        id="order-status"
        name="status"
        aria-label={`Status of order #${number}`}
        value={typeof pending === 'string' ? pending : status}
        disabled={fetcher.state !== 'idle'}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        options={STATUS_OPTIONS}
      />
    </fetcher.Form>
  )
}

/** Cancel with the stock returned, refunding what is left of the payment if the admin asks. */
export function CancelButton({ number, refundableCents }: { number: number; refundableCents: number }) {
  const [open, setOpen] = useState(false)
  const [refund, setRefund] = useState(refundableCents > 0)
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel order #${number}?`}
        description={
          <span className="grid gap-3">
            <span>Its items go back into stock and the customer is e-mailed. This cannot be undone.</span>
            {refundableCents > 0 ? (
              <label className="flex items-center gap-2 text-foreground">
                <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.currentTarget.checked)} />
                Refund {formatMoney(refundableCents)} to the customer
              </label>
            ) : null}
          </span>
        }
        confirmLabel="Cancel order"
        intent="cancel"
        fields={refund ? { refund: 'on' } : {}}
      />
    </>
  )
}

/** A refund in full or in part, confirmed first: money leaves the shop. */
export function RefundPanel({
  paymentStatus,
  refundableCents,
  refundedCents,
  manual,
}: {
  paymentStatus: PaymentStatus
  refundableCents: number
  refundedCents: number
  /** Paid by hand (no provider reference): the refund is only recorded. */
  manual: boolean
}) {
  const full = (refundableCents / 100).toFixed(2)
  const [amount, setAmount] = useState(full)
  const [reason, setReason] = useState('')
  const [open, setOpen] = useState(false)
  // The confirmation posts the refund; its answer names a refused field, shown here beside it.
  const errors = fieldErrorsOf(useFetcher<ActionResult>({ key: REFUND_FETCHER }).data)
  if (paymentStatus === 'unpaid' || refundableCents <= 0) {
    return refundedCents > 0 ? (
      <p className="text-muted-foreground text-sm">Refunded in full: {formatMoney(refundedCents)}.</p>
    ) : null
  }
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="sr-only">Refund</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="refund-amount"
          label="Amount to refund ($)"
          error={errors.amount}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <InputField
          id="refund-reason"
          label="Reason (optional)"
          error={errors.reason}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        Up to {formatMoney(refundableCents)}.{' '}
        {manual
          ? 'This payment was recorded by hand: give the money back yourself, the shop records it.'
          : 'The payment provider returns it to the customer’s card.'}
      </p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Refund $${amount}?`}
        description="The customer is e-mailed, and the order and its invoice show the refund."
        confirmLabel="Refund"
        intent="refund"
        fields={{ amount, reason }}
        fetcherKey={REFUND_FETCHER}
      />
    </fieldset>
  )
}

/** The shop's own note: never shown to the customer. */
export function InternalNotePanel({ note }: { note: string | null }) {
  const { fetcher, busy, errors } = useActionForm()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Internal note</CardTitle>
        <CardDescription>Only the shop sees it.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="note" />
          <Label htmlFor="internal-note" className="sr-only">
            Internal note
          </Label>
          <Textarea
            {...describedBy('internal-note', { error: errors.note })}
            name="note"
            rows={3}
            maxLength={5000}
            defaultValue={note ?? ''}
          />
          <FieldError id="internal-note" error={errors.note} />
          <SubmitButton busy={busy} variant="outline" size="sm" className="justify-self-start">
            Save note
          </SubmitButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

/** Sends the order confirmation again. */
export function ResendConfirmationButton() {
  const { fetcher, busy } = useActionForm()
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend-confirmation" />
      <SubmitButton busy={busy} variant="outline">
        Resend confirmation
      </SubmitButton>
    </fetcher.Form>
  )
}

/** Who changed what, and when: newest first. */
export function OrderHistory({
  events,
}: {
  events: { id: string; actorLabel: string; message: string; createdAt: Date | string }[]
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing recorded yet.</p>
        ) : (
          <ol className="grid gap-3 text-sm" aria-label="Order history">
            {events.map((event) => (
              <li key={event.id} className="grid gap-0.5 border-l-2 pl-3">
                <span className="break-words">{event.message}</span>
                <span className="text-muted-foreground text-xs">
                  {event.actorLabel} · {dateTime.format(new Date(event.createdAt))} UTC
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

/** The customer with a way to their other orders. */
export function CustomerCard({
  customer,
}: {
  customer: { name: string | null; email: string | null; isGuest: boolean }
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm" data-testid="order-customer">
        <p className="font-medium">{customer.name || (customer.isGuest ? 'Guest' : 'Customer')}</p>
        {customer.email ? <p className="break-all text-muted-foreground">{customer.email}</p> : null}
        <p className="text-muted-foreground text-xs">{customer.isGuest ? 'Guest checkout' : 'Has an account'}</p>
        {customer.email ? (
          <Link
            to={`/admin/orders?q=${encodeURIComponent(customer.email)}`}
            className="mt-1 text-primary underline-offset-4 hover:underline"
          >
            All orders of this customer
          </Link>
        ) : null}
      </CardContent>
    </Card>
  )
}
