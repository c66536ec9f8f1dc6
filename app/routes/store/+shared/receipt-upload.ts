import { useSyncExternalStore } from 'react'
import { RECEIPT_TOO_LARGE } from '#app/modules/documents/schemas.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/** Where the upload form posts (a resource route; the form's own action without JavaScript). */
export const RECEIPT_UPLOAD_URL = '/resources/receipts'

// The share of the file sent so far (0 to 1) while an upload runs, else null. One upload at a time
// per page: the form is disabled while it runs.
let progress: number | null = null
const listeners = new Set<() => void>()

function setProgress(next: number | null) {
  progress = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The running upload's progress, 0 to 1, or null. */
export function useUploadProgress() {
  return useSyncExternalStore(
    subscribe,
    () => progress,
    () => null,
  )
}

const failed = (description: string): ActionResult<string, undefined> => ({
  ok: false,
  toast: { title: 'Upload failed', description, variant: 'destructive' },
})

function answerOf(status: number, text: string): ActionResult<string, undefined> {
  try {
    const answer = JSON.parse(text) as Partial<ActionResult<string, undefined>>
    if (typeof answer.ok === 'boolean' && typeof answer.toast?.title === 'string')
      return answer as ActionResult<string, undefined>
  } catch {}
  // Not the endpoint's own answer: a proxy's or the server's size limit, a lost session.
  if (status === 413) return failed(RECEIPT_TOO_LARGE.description)
  return failed(`The upload could not be completed (error ${status}). Please try again.`)
}

/**
 * Sends the upload form with XMLHttpRequest, whose upload events report progress (fetch cannot,
 * over HTTP/1.1), and resolves with the endpoint's `{ ok, toast }` answer. It is called by the
 * hub's clientAction, so the answer is toasted once like any other (decision 012) and the page's
 * data is reloaded afterwards.
 * @example const answer = await sendReceipt(formData)
 */
export function sendReceipt(form: FormData): Promise<ActionResult<string, undefined>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    const finish = (answer: ActionResult<string, undefined>) => {
      setProgress(null)
      resolve(answer)
    }
    request.open('POST', RECEIPT_UPLOAD_URL)
    request.setRequestHeader('Accept', 'application/json')
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) setProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () => finish(answerOf(request.status, request.responseText)))
    request.addEventListener('error', () => finish(failed('The connection was lost. Please try again.')))
    request.addEventListener('abort', () => finish(failed('The upload was cancelled.')))
    setProgress(0)
    request.send(form)
  })
}

/** The upload form's data when this submission is an upload (multipart, intent 'upload'), else null. */
export async function receiptUploadIn(request: Request): Promise<FormData | null> {
  if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) return null
  const form = await request.clone().formData()
  return form.get('intent') === 'upload' ? form : null
}
