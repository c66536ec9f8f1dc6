import { redirect } from 'react-router'
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts'
import { NewsletterFormSchema } from '#app/modules/newsletter/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { safeRedirectPath } from '#app/utils/redirect-to.server.ts'
import type { Route } from './+types/newsletter.ts'

/** How a sign-up went, for the page a form posted without JavaScript goes back to. */
type Outcome = 'subscribed' | 'duplicate' | 'invalid'

/** Newsletter sign-up from the footer form (storefront §4, §5, §8). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const parsed = parseForm(NewsletterFormSchema, { email: form.get('email') ?? undefined })
  const outcome: Outcome = parsed.ok ? await subscribeToNewsletter(parsed.data.email) : 'invalid'
  // Without JavaScript the browser posted the form itself: go back to the page it came from.
  if (form.get('_js') !== '1') return redirect(backWith(request.headers.get('referer'), outcome), 303)
  if (!parsed.ok) return refusedForm(null, parsed, { title: 'Invalid Email' })
  if (outcome === 'duplicate') {
    return refused(null, 'This email address is already on our list.', 409, undefined, 'Already Subscribed')
  }
  return succeeded(null, 'Subscribed!', "Thanks for joining! We've sent a confirmation to your email...")
}

// The form's fetcher runs this route's clientAction (a resource route may have one): the answer's
// toast is raised once, when it arrives, like every other action's (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function loader() {
  return redirect('/')
}

/** The page the form was on (a path of the shop's own, else the home page), told how it went. */
function backWith(referer: string | null, outcome: Outcome) {
  const back = new URL(safeRedirectPath(referer, '/'), getEnv().PUBLIC_URL)
  back.searchParams.set('newsletter', outcome)
  return `${back.pathname}${back.search}`
}
