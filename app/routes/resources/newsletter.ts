import { data, redirect } from 'react-router'
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts'
import { NewsletterFormSchema } from '#app/modules/newsletter/schemas.ts'
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
    const back = safeBackPath(request.headers.get('referer'), request.url)
    return redirect(`${back}${back.includes('?') ? '&' : '?'}newsletter=${result.status}`, 303)
  }
  return data(result, { status: result.status === 'invalid' ? 400 : 200 })
}

export function loader() {
  return redirect('/')
}

function safeBackPath(referer: string | null, requestUrl: string) {
  if (!referer) return '/'
  try {
    const url = new URL(referer)
    if (url.origin !== new URL(requestUrl).origin) return '/'
    url.searchParams.delete('newsletter')
    return `${url.pathname}${url.search}`
  } catch {
    return '/'
  }
}
