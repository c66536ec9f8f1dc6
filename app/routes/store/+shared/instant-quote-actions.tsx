import { Link, useFetcher } from 'react-router'
import { describedBy, Field, fieldErrorsOf, RequiredMark } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { ASK_SHOP_NOTE_MAX, RESTORE_MODEL_PARAM } from '#app/modules/instant-quote/quote-choices.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/** The model and options as the price card shows them: what is posted with each action. */
export type QuoteSelection = Record<string, string> & { modelId: string }

/** Where both actions post: under /instant-quote/, where the guest cookie is sent. */
const QUOTE_REQUESTS_PATH = '/instant-quote/requests'

/** The log-in that comes back to this page with this model and these options (the loader restores them). */
export function saveQuoteLoginPath({ modelId, ...options }: QuoteSelection) {
  const back = `/instant-quote?${new URLSearchParams({ [RESTORE_MODEL_PARAM]: modelId, ...options })}`
  return `/auth?tab=login&redirectTo=${encodeURIComponent(back)}`
}

function SelectionFields({ selection }: { selection: QuoteSelection }) {
  return Object.entries(selection).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
}

/**
 * Add to Cart, for visitors and customers alike: the server checks the model is the asker's, prices
 * it and answers the cart line (the route's clientAction puts it in the browser's cart).
 */
export function AddToCartAction({ selection, priced }: { selection: QuoteSelection; priced: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  const adding = fetcher.state !== 'idle'
  const added = !adding && fetcher.data?.ok && fetcher.data.intent === 'cart'
  return (
    <fetcher.Form method="post" action={QUOTE_REQUESTS_PATH} className="grid gap-2">
      <SelectionFields selection={selection} />
      <Button type="submit" name="intent" value="cart" disabled={adding || !priced}>
        {adding ? <Spinner /> : null} Add to Cart
      </Button>
      {added ? (
        <p role="status" className="text-center text-sm">
          In your cart.{' '}
          <Link to="/cart" className="font-medium text-primary underline-offset-4 hover:underline">
            View cart
          </Link>
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/**
 * Save as Quote for a signed-in customer (the server prices it again); a visitor is offered the
 * log-in that brings them back here instead.
 */
export function SaveQuoteAction({
  selection,
  signedIn,
  priced,
}: {
  selection: QuoteSelection
  signedIn: boolean
  priced: boolean
}) {
  const fetcher = useFetcher<ActionResult>()
  const saving = fetcher.state !== 'idle'
  const saved = !saving && fetcher.data?.ok && fetcher.data.intent === 'save'
  if (!signedIn) {
    return (
      <Button asChild variant="outline" className="w-full">
        <Link to={saveQuoteLoginPath(selection)}>Log in to save a quote</Link>
      </Button>
    )
  }
  return (
    <fetcher.Form method="post" action={QUOTE_REQUESTS_PATH} className="grid gap-2">
      <SelectionFields selection={selection} />
      <Button type="submit" name="intent" value="save" variant="outline" disabled={saving || !priced}>
        {saving ? <Spinner /> : null} Save as Quote
      </Button>
      {saved ? (
        <p role="status" className="text-center text-sm">
          Saved for 14 days.{' '}
          <Link to="/quotes" className="font-medium text-primary underline-offset-4 hover:underline">
            See it in My Quotes
          </Link>
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/**
 * Ask the shop: the model, its measures, the options and a note go to the back-office inbox. A
 * signed-in customer's name and e-mail are filled in; a visitor types them.
 */
export function AskShopForm({
  selection,
  contact,
  flagged,
}: {
  selection: QuoteSelection
  contact: { name: string; email: string } | null
  flagged: boolean
}) {
  const fetcher = useFetcher<ActionResult>()
  const sending = fetcher.state !== 'idle'
  const answer = fetcher.data?.intent === 'ask' ? fetcher.data : undefined
  const errors = fieldErrorsOf(answer)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Ask the shop</h2>
        </CardTitle>
        <CardDescription>
          {flagged
            ? 'Our checks flagged this model: send it to us and we will look at it by hand.'
            : 'Questions about this print? Send us the model with a note.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action={QUOTE_REQUESTS_PATH} className="grid gap-4" noValidate>
          <SelectionFields selection={selection} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="ask-name" label="Name" required error={errors.name}>
              <Input
                {...describedBy('ask-name', { error: errors.name })}
                name="name"
                autoComplete="name"
                required
                maxLength={120}
                defaultValue={contact?.name ?? ''}
              />
            </Field>
            <Field id="ask-email" label="Email" required error={errors.email}>
              <Input
                {...describedBy('ask-email', { error: errors.email })}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={contact?.email ?? ''}
              />
            </Field>
          </div>
          <Field id="ask-note" label="Your note" error={errors.note}>
            <Textarea
              {...describedBy('ask-note', { error: errors.note })}
              name="note"
              rows={3}
              maxLength={ASK_SHOP_NOTE_MAX}
              placeholder="What should we know about this part?"
            />
          </Field>
          <p className="text-muted-foreground text-xs">
            <RequiredMark /> required. We reply by e-mail.
          </p>
          <Button type="submit" name="intent" value="ask" disabled={sending}>
            {sending ? <Spinner /> : null} Ask the Shop
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
