import { useEffect, useRef } from 'react'
import type { useFetcher } from 'react-router'
import type { ActionResult } from '#app/utils/action-result.ts'

/** An answer as the fetcher hands it over. */
type Answer<Result> = NonNullable<ReturnType<typeof useFetcher<Result>>['data']>

/**
 * What a form does with its fetcher's answer besides the toast (which the page's `clientAction`
 * raises, see `toastActionResult`): `onAnswer` runs when an answer arrives, `onOk` once after a
 * success, when the reload is done (to close a dialog or clear a form). Neither is needed for the
 * user to learn the outcome, so a component the reload removes may miss them without harm.
 */
export function useActionAnswer<Result extends ActionResult>(
  fetcher: ReturnType<typeof useFetcher<Result>>,
  { onAnswer, onOk }: { onAnswer?: (result: Answer<Result>) => void; onOk?: (result: Answer<Result>) => void },
) {
  const result = fetcher.data
  const callbacks = useRef({ onAnswer, onOk })
  callbacks.current = { onAnswer, onOk }
  const settled = useRef<Answer<Result> | undefined>(undefined)
  useEffect(() => {
    if (result) callbacks.current.onAnswer?.(result)
  }, [result])
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result || settled.current === result) return
    settled.current = result
    if (result.ok) callbacks.current.onOk?.(result)
  }, [fetcher.state, result])
}
