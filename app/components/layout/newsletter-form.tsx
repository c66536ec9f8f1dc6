import { useEffect, useRef, useState } from 'react'
import { useFetcher, useSearchParams } from 'react-router'
import { describedBy, FieldError, fieldErrorsOf } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const noScriptMessages: Record<string, string> = {
  subscribed: "Subscribed! Thanks for joining! We've sent a confirmation to your email...",
  duplicate: 'Already Subscribed: this email address is already on our list.',
  invalid: 'Invalid Email: please enter a valid email address.',
}

/**
 * The footer's sign-up. It posts to /resources/newsletter, whose clientAction raises the answer's
 * toast (decision 012); here a success only clears the field and a refused address is named
 * beside it. Without JavaScript the endpoint sends the browser back with `?newsletter=…`.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [searchParams] = useSearchParams()
  // Tells the action that JavaScript handles the answer; a form posted without it gets a redirect.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  useActionAnswer(fetcher, { onOk: () => formRef.current?.reset() })
  const submitting = fetcher.state !== 'idle'
  const error = fieldErrorsOf(fetcher.data).email
  const noScriptStatus = searchParams.get('newsletter')

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/resources/newsletter"
      noValidate
      className="flex w-full max-w-sm flex-col gap-2"
      onSubmit={(event) => {
        const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
        if (!emailPattern.test(email)) {
          event.preventDefault()
          showToast({
            title: 'Invalid Email',
            description: 'Please enter a valid email address.',
            variant: 'destructive',
          })
        }
      }}
    >
      <label htmlFor="newsletter-email" className="font-semibold text-sm">
        Newsletter
      </label>
      <p className="text-muted-foreground text-sm">New products, guides and offers, about once a month.</p>
      <div className="flex gap-2">
        <Input
          {...describedBy('newsletter-email', { error })}
          name="email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          disabled={submitting}
        />
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
        <SubmitButton busy={submitting}>Subscribe</SubmitButton>
      </div>
      <FieldError id="newsletter-email" error={error} />
      {noScriptStatus && noScriptMessages[noScriptStatus] ? (
        <p role="status" className="text-sm">
          {noScriptMessages[noScriptStatus]}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
