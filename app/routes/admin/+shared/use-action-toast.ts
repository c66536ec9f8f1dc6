import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

/** What a back-office action answers: whether it worked, and the toast that reports it (back-office §1). */
export type AdminActionResult = {
  ok: boolean
  toast: { title: string; description?: string; variant: Exclude<ToastVariant, 'default'> }
}

/** Shows the toast of each answer of this fetcher once, and calls `onOk` after a success. */
export function useActionToast<Result extends AdminActionResult>(
  fetcher: ReturnType<typeof useFetcher<Result>>,
  onOk?: () => void,
) {
  const result = fetcher.data
  const onOkRef = useRef(onOk)
  onOkRef.current = onOk
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    showToast(result.toast)
    if (result.ok) onOkRef.current?.()
  }, [fetcher.state, result])
}
