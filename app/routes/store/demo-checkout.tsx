import { FlaskConicalIcon } from 'lucide-react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { canShipTo } from '#app/rules/address.ts'
import { countryOptions } from '#app/rules/countries.ts'
import { formatMoney } from '#app/rules/money.ts'
import { refused, refusedForm } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import {
  type CheckoutDetailsField,
  guestDetailsSchema,
  shippingAddressSchema,
} from '#app/workflows/checkout/schemas.ts'
import { settleDemoCheckout } from '#app/workflows/checkout/settle-demo-checkout.server.ts'
import { DemoCheckoutDetails } from './+shared/demo-checkout-details.tsx'
import type { Route } from './+types/demo-checkout.ts'

export function meta() {
  return [{ title: 'Test checkout · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

function unavailable(status: 404 | 410, message: string) {
  return data({ session: null, message }, { status })
}

/**
 * What a signed-in customer's saved address fills in (the recipient defaults to their name), as a
 * hosted checkout remembers a returning buyer. Nothing for a guest.
 */
async function prefillOf(
  request: Request,
  countries: readonly string[],
): Promise<Partial<Record<CheckoutDetailsField, string>>> {
  const viewer = await getViewer(request)
  const profile = viewer ? await retrieveProfile(viewer.id) : null
  if (!profile) return {}
  const saved = profile.shippingAddress
  const name = saved.name || profile.fullName
  // An address in another country than the one shipping was priced for is no help here.
  if (countries.length > 0 && !countries.includes(saved.country)) return { name, phone: saved.phone }
  return { ...saved, name }
}

/** The countries this session offers: the one the cart priced shipping for, else the shop's list. */
async function countriesOf(record: { shippingCountries: string[] }): Promise<string[]> {
  if (record.shippingCountries.length > 0) return record.shippingCountries
  return (await getShopSettings()).shippingCountries
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const provider = getPaymentProvider()
  const record = provider.name === 'demo' ? await provider.retrieveDemoCheckout(params.sessionId) : null
  if (!record) return unavailable(404, 'This checkout session does not exist.')
  if (record.status !== 'open') return unavailable(410, 'This checkout session has already been paid or cancelled.')
  const countries = await countriesOf(record)
  return {
    message: null,
    countries: countryOptions(countries),
    pricedForOneCountry: record.shippingCountries.length === 1,
    // One country to choose from (the one the cart priced): it is chosen already.
    prefill: { ...(countries.length === 1 ? { country: countries[0] } : {}), ...(await prefillOf(request, countries)) },
    session: {
      lines: record.lines,
      discount: record.discount,
      shippingCents: record.shippingCents,
      totalCents: record.amountTotalCents,
      customerEmail: record.customerEmail,
      collectDetails: !record.customerEmail || record.collectShippingAddress,
      needEmail: !record.customerEmail,
    },
  }
}

/** A refused address: the page says so above the fields, and each field's problem beside it. */
const CHECK_FIELDS = 'Check the highlighted fields.'

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  if (intent === 'cancel') return settled(await settleDemoCheckout(params.sessionId, { intent: 'cancel' }))
  if (intent !== 'pay') return refused(null, 'Choose Pay or Cancel.')
  const provider = getPaymentProvider()
  const record = provider.name === 'demo' ? await provider.retrieveDemoCheckout(params.sessionId) : null
  let details = {}
  if (record && (!record.customerEmail || record.collectShippingAddress)) {
    const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]))
    const countries = await countriesOf(record)
    const schema = record.customerEmail ? shippingAddressSchema(countries) : guestDetailsSchema(countries)
    const parsed = parseForm(schema, values)
    if (!parsed.ok) return refusedForm('pay', { ...parsed, message: CHECK_FIELDS }, { values })
    const { email, ...shippingAddress } = { email: undefined, ...parsed.data }
    if (!canShipTo(shippingAddress)) return refusedForm('pay', { message: CHECK_FIELDS, fieldErrors: {} }, { values })
    details = email ? { email, shippingAddress } : { shippingAddress }
  }
  return settled(await settleDemoCheckout(params.sessionId, { intent: 'pay', details }))
}

function settled(result: Awaited<ReturnType<typeof settleDemoCheckout>>) {
  if (result.ok) throw redirect(result.redirectUrl)
  return refused(null, result.message, result.status)
}

// The answer's toast is raised once, when it arrives (decision 012); the page writes it too.
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export default function DemoCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const { session } = loaderData
  if (!session || !('countries' in loaderData)) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Checkout unavailable</h1>
        <p className="text-muted-foreground">{loaderData.message}</p>
        <Button asChild>
          <Link to="/cart">Back to Cart</Link>
        </Button>
      </section>
    )
  }
  const subtotal = session.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0)
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10">
      <p
        role="note"
        className="mb-6 flex items-center gap-2 rounded-lg border border-warning bg-warning/10 px-4 py-3 font-semibold"
      >
        <FlaskConicalIcon className="size-5" aria-hidden />
        Test mode — no real payment
      </p>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Demo checkout</h1>
          </CardTitle>
          {session.customerEmail ? <p className="text-muted-foreground text-sm">{session.customerEmail}</p> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ul className="divide-y" aria-label="Items">
            {session.lines.map((line) => (
              <li key={`${line.name}-${line.description ?? ''}`} className="flex justify-between gap-4 py-2 text-sm">
                <span>
                  {line.name}
                  {line.description ? <span className="text-muted-foreground"> · {line.description}</span> : null}
                  <span className="text-muted-foreground">
                    {' '}
                    × {line.quantity} at {formatMoney(line.unitAmountCents)}
                  </span>
                </span>
                <span>{formatMoney(line.unitAmountCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd>{formatMoney(subtotal)}</dd>
            </div>
            {session.discount ? (
              <div className="flex justify-between text-success">
                <dt>Discount ({session.discount.code})</dt>
                <dd>-{formatMoney(session.discount.amountCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Shipping</dt>
              <dd>{formatMoney(session.shippingCents)}</dd>
            </div>
            <div className="flex justify-between border-t pt-2 font-semibold text-base">
              <dt>Total</dt>
              <dd data-testid="demo-checkout-total">{formatMoney(session.totalCents)}</dd>
            </div>
          </dl>
          {actionData && !actionData.ok ? (
            <p role="alert" className="text-destructive text-sm">
              {actionData.toast.description}
            </p>
          ) : null}
          <Form method="post" id="demo-pay" className="flex flex-col gap-4">
            {session.collectDetails ? (
              <DemoCheckoutDetails
                errors={actionData?.fieldErrors ?? {}}
                values={actionData?.values ?? loaderData.prefill}
                needEmail={session.needEmail}
                countries={loaderData.countries}
              />
            ) : null}
            {session.collectDetails && loaderData.pricedForOneCountry ? (
              <p className="text-muted-foreground text-sm">
                Shipping was priced for this country. To ship elsewhere,{' '}
                <Link to="/cart">change the country in your cart</Link>.
              </p>
            ) : null}
          </Form>
        </CardContent>
        <CardFooter className="flex gap-3">
          <Button type="submit" form="demo-pay" name="intent" value="pay" size="lg" className="flex-1" disabled={busy}>
            Pay {formatMoney(session.totalCents)}
          </Button>
          <Form method="post">
            <Button type="submit" name="intent" value="cancel" variant="outline" size="lg" disabled={busy}>
              Cancel
            </Button>
          </Form>
        </CardFooter>
      </Card>
    </section>
  )
}
