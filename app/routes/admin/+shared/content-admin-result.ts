import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

/**
 * The answer of the guides, guide categories, services and settings actions: to a fetcher, or to
 * the page itself when it was posted before JavaScript had loaded. Every result is a toast
 * (back-office §1); a refusal is a destructive one.
 */
export type ContentAdminResult = {
  ok: boolean
  intent: string | null
  toast: { title: string; description?: string; variant: Exclude<ToastVariant, 'default'> }
}

/**
 * Shows each answer of this fetcher as a toast as soon as it arrives, before the page data is
 * reloaded (which may remove the row the fetcher belongs to); calls `onOk` after a success once the
 * reload is done.
 */
export function useContentAdminToast(
  fetcher: ReturnType<typeof useFetcher<ContentAdminResult>>,
  onOk?: (result: ContentAdminResult) => void,
) {
  const result = fetcher.data
  const onOkRef = useRef(onOk)
  onOkRef.current = onOk
  const handled = useRef<ContentAdminResult | undefined>(undefined)
  useEffect(() => {
    if (result) showToast(result.toast)
  }, [result])
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result || handled.current === result) return
    handled.current = result
    if (result.ok) onOkRef.current?.(result)
  }, [fetcher.state, result])
}
