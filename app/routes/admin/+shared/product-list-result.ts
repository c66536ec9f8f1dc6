import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast } from '#app/components/ui/toaster.tsx'

export type ProductListIntent = 'set-visibility' | 'archive' | 'restore' | 'delete'

/** The answer of the /admin/products action: whether it worked, and the toast that says so (back-office §8). */
export type ProductListActionResult = {
  ok: boolean
  intent: ProductListIntent | null
  toast: { title: string; description?: string; variant: 'success' | 'destructive' }
}

/**
 * Shows the toast of each answer of this fetcher once, and calls `onOk` after a success: as soon
 * as the answer arrives, before the list is reloaded, which may remove the row the fetcher is in.
 */
export function useProductActionToast(
  fetcher: ReturnType<typeof useFetcher<ProductListActionResult>>,
  onOk?: () => void,
) {
  const result = fetcher.data
  const onOkRef = useRef(onOk)
  onOkRef.current = onOk
  useEffect(() => {
    if (!result) return
    showToast(result.toast)
    if (result.ok) onOkRef.current?.()
  }, [result])
}
