import { data, redirect } from 'react-router'
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts'
import { NewsletterFormSchema } from '#app/modules/newsletter/schemas.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { safeRedirectPath } from '#app/utils/redirect-to.server.ts'
import type { Route } from './+types/newsletter.ts'

export type NewsletterResult =
  | { status: 'subscribed' }
  | { status: 'duplicate' }
  | { status: 'invalid'; message: string }

/** Newsletter sign-up from the footer form (storefront §4, §5, §8). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const parsed = NewsletterFormSchema.safeParse({ email: form.get('email') ?? undefined })
  let result: NewsletterResult
  if (!parsed.success) {
    result = { status: 'invalid', message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address.' }
  } else {
    result = { status: await subscribeToNewsletter(parsed.data.email) }
  }
  // Without JavaScript the browser posted the form itself: go back to the page it came from.
  if (form.get('_js') !== '1') {
    return redirect(backWithStatus(request.headers.get('referer'), result.status), 303)
  }
  return data(result, { status: result.status === 'invalid' ? 400 : 200 })
}

export function loader() {
  return redirect('/')
}

/** The page the form was on (a path of the shop's own, else the home page), told how it went. */
function backWithStatus(referer: string | null, status: NewsletterResult['status']) {
  const back = new URL(safeRedirectPath(referer, '/'), getEnv().PUBLIC_URL)
  back.searchParams.set('newsletter', status)
  return `${back.pathname}${back.search}`
}
