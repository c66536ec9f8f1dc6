import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

/**
 * What every back-office action answers, to a fetcher or to the page itself when it was posted before
 * JavaScript had loaded: whether it worked, the toast that reports it (back-office §1), the intent it
 * answered where a page has several, and, with a refused form, what the form sent.
 */
export type AdminActionResult<Intent extends string = string, Values = Record<string, string>> = {
  ok: boolean
  intent?: Intent | null
  toast: { title: string; description?: string; variant?: ToastVariant }
  values?: Values
}

/** An answer as the fetcher hands it over. */
type Answer<Result> = NonNullable<ReturnType<typeof useFetcher<Result>>['data']>

/**
 * Toasts each answer of this fetcher as soon as it arrives, before the page data is reloaded (which
 * may remove the row the fetcher belongs to). `onAnswer` runs then too, with any answer; `onOk` runs
 * once after a success, when the reload is done.
 */
export function useActionToast<Result extends AdminActionResult>(
  fetcher: ReturnType<typeof useFetcher<Result>>,
  { onAnswer, onOk }: { onAnswer?: (result: Answer<Result>) => void; onOk?: (result: Answer<Result>) => void } = {},
) {
  const result = fetcher.data
  const callbacks = useRef({ onAnswer, onOk })
  callbacks.current = { onAnswer, onOk }
  const settled = useRef<Answer<Result> | undefined>(undefined)
  useEffect(() => {
    if (!result) return
    showToast(result.toast)
    callbacks.current.onAnswer?.(result)
  }, [result])
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result || settled.current === result) return
    settled.current = result
    if (result.ok) callbacks.current.onOk?.(result)
  }, [fetcher.state, result])
}
