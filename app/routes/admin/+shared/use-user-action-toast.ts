import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { UserActionResult } from './user-types.ts'

/** Shows the toast of each answer of this fetcher once, and calls `onOk` after a success. */
export function useUserActionToast(fetcher: ReturnType<typeof useFetcher<UserActionResult>>, onOk?: () => void) {
  const result = fetcher.data
  const onOkRef = useRef(onOk)
  onOkRef.current = onOk
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    showToast(result.toast)
    if (result.ok) onOkRef.current?.()
  }, [fetcher.state, result])
}
