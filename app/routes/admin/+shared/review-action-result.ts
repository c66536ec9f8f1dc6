import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

export type ReviewIntent = 'approve' | 'delete' | 'create'

/** What the manual review form sent, returned with a refusal so a form posted without JavaScript keeps it. */
export type ManualReviewValues = { name: string; title: string; comment: string; productId: string; rating: string }

/** The answer of the /admin/reviews action, to a fetcher or to the page itself (posted without JavaScript). */
export type ReviewActionResult = {
  ok: boolean
  intent: ReviewIntent | null
  toast: { title: string; description?: string; variant?: ToastVariant }
  values?: ManualReviewValues
}

/**
 * Shows a fetcher's answer as a toast as soon as it arrives: before the list is reloaded, which may
 * remove the row the fetcher belongs to.
 */
export function useResultToast(
  fetcher: ReturnType<typeof useFetcher<ReviewActionResult>>,
  onResult?: (result: ReviewActionResult) => void,
) {
  const result = fetcher.data
  const onResultRef = useRef(onResult)
  onResultRef.current = onResult
  useEffect(() => {
    if (!result) return
    showToast(result.toast)
    onResultRef.current?.(result)
  }, [result])
}
