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

/** Shows the toast of each answer of this fetcher once, and calls `onOk` after a success. */
export function useContentAdminToast(
  fetcher: ReturnType<typeof useFetcher<ContentAdminResult>>,
  onOk?: (result: ContentAdminResult) => void,
) {
  const result = fetcher.data
  const onOkRef = useRef(onOk)
  onOkRef.current = onOk
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    showToast(result.toast)
    if (result.ok) onOkRef.current?.(result)
  }, [fetcher.state, result])
}
