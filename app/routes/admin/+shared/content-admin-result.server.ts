import { data } from 'react-router'
import type { ActionResult } from '#app/utils/action-result.ts'

export function succeeded(intent: string, title: string, description?: string) {
  return data<ActionResult>({ ok: true, intent, toast: { title, description, variant: 'success' } })
}

/** Nothing was changed: a destructive toast with the reason (back-office §1). */
export function refused(intent: string | null, description: string, status: 400 | 404 | 409 = 400) {
  return data<ActionResult>(
    { ok: false, intent, toast: { title: 'Error', description, variant: 'destructive' } },
    { status },
  )
}
