import type * as React from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'
import { HiddenFields } from './action-form.tsx'

/**
 * A button that posts one intent about one record to this page's action, by a fetcher (the answer's
 * toast is the page's clientAction's); disabled while it is posted.
 * @example <IntentButton intent="request" fields={{ quoteId }} size="sm">Ask the Shop to Accept</IntentButton>
 */
export function IntentButton({
  intent,
  fields,
  ...button
}: Omit<React.ComponentProps<typeof Button>, 'type'> & {
  intent: string
  /** The record it is about: hidden fields after the intent. */
  fields: Record<string, string>
}) {
  const fetcher = useFetcher<ActionResult>()
  return (
    <fetcher.Form method="post">
      <HiddenFields fields={{ intent, ...fields }} />
      <Button type="submit" disabled={fetcher.state !== 'idle'} {...button} />
    </fetcher.Form>
  )
}
