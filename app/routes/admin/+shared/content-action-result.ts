import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import { showToast, type ToastVariant } from '#app/components/ui/toaster.tsx'

/**
 * The answer of a content page's action (updates, policies, about), to a fetcher or to the page
 * itself when it was posted before JavaScript had loaded. A refused form gets back what it sent.
 */
export type ContentActionResult<Values = Record<string, string>> = {
  ok: boolean
  intent: string | null
  toast: { title: string; description?: string; variant?: ToastVariant }
  values?: Values
}

/**
 * Shows each answer of this fetcher as a toast as soon as it arrives, before the list is reloaded
 * (which may remove the row the fetcher belongs to), then calls `onResult` with it.
 */
export function useContentActionToast<Values>(
  fetcher: ReturnType<typeof useFetcher<ContentActionResult<Values>>>,
  onResult?: (result: ContentActionResult<Values>) => void,
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

/** The text of each named field of a posted form, for sending a refused form back as it was. */
export function formValues<Name extends string>(fields: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = fields.get(name)
      return [name, typeof value === 'string' ? value : '']
    }),
  ) as Record<Name, string>
}
