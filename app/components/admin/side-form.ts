import { useFetcher, useNavigate } from 'react-router'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/**
 * The fetcher of a list's side form, which adds a record or edits the one the address names: once
 * an edit is saved the page goes back to `backTo` (adding again), where it is scrolled to; once an
 * add is saved `clear` empties the form for the next one.
 * @example const { fetcher, busy } = useSideForm({ editing: Boolean(update), backTo: '/admin/updates', clear: () => formRef.current?.reset() })
 */
export function useSideForm<Result extends ActionResult = ActionResult>({
  editing,
  backTo,
  clear,
}: {
  editing: boolean
  backTo: string
  clear: () => void
}) {
  const fetcher = useFetcher<Result>()
  const navigate = useNavigate()
  useActionAnswer(fetcher, {
    onOk: () => {
      if (editing) navigate(backTo, { preventScrollReset: true })
      else clear()
    },
  })
  return { fetcher, busy: fetcher.state !== 'idle' }
}
