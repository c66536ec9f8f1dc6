import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

export type ActionToast = { title: string; description?: string; variant?: ToastVariant }

/**
 * What an action answers, to a fetcher or to the page itself when it was posted before JavaScript had
 * loaded: whether it worked, the toast that reports it, the intent it answered where a page has
 * several, and, with a refused form, what the form sent and the problem of each field.
 */
export type ActionResult<Intent extends string = string, Values = Record<string, string>> = {
  ok: boolean
  intent?: Intent | null
  toast: ActionToast
  values?: Values
  /** A refused form's first problem of each field, by its path, shown beside the field. */
  fieldErrors?: Record<string, string>
}

function toastOf(answer: unknown): ActionToast | null {
  if (typeof answer !== 'object' || answer === null || !('toast' in answer)) return null
  const toast = (answer as { toast: unknown }).toast
  return typeof toast === 'object' && toast !== null && 'title' in toast ? (toast as ActionToast) : null
}

/**
 * The one place an action's answer becomes a toast: every page whose action answers with a `toast`
 * exports this as its `clientAction`. It runs once per submission, in the browser, the moment the
 * answer arrives and before the page data is reloaded, whichever component posted it. A toast raised
 * by the posting component instead (an effect on `fetcher.data`) is lost when the reload removes that
 * component, or when React, busy, commits the answer and the reload in one render (decision 012).
 * Redirects and errors pass through untouched; a redirect's toast travels in the flash cookie.
 *
 * @example
 * export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)
 */
export async function toastActionResult<Answer>({ serverAction }: { serverAction: () => Promise<Answer> }) {
  const answer = await serverAction()
  const toast = toastOf(answer)
  if (toast) showToast(toast)
  return answer
}
