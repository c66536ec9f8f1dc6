import { redirect } from 'react-router'
import { RECEIPT_MAX_BYTES, RECEIPT_TOO_LARGE, ReceiptLinkFormSchema } from '#app/modules/documents/schemas.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readUploadForm, type UploadLimits, uploadedFile } from '#app/utils/upload-form.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { uploadReceipt } from '#app/workflows/receipts.server.ts'
import type { Route } from './+types/receipts.ts'

const HUB = '/accounting?tab=uploads'

/** The Accounting Hub's upload form posts here (multipart, one file of at most 5 MB, decision 020). */
export const RECEIPT_UPLOAD_LIMITS: UploadLimits = {
  fileFields: ['file'],
  maxFileBytes: RECEIPT_MAX_BYTES,
  tooLarge: RECEIPT_TOO_LARGE.description,
}

/**
 * A receipt upload. The page sends it with XMLHttpRequest (for its progress bar) and reads the
 * answer as JSON, `{ ok, toast }`; a form posted without JavaScript is sent back to the hub with
 * the toast instead. The size is checked while the body arrives: a file over 5 MB is refused before
 * it is kept whole, and nothing is stored.
 */
export async function action({ request }: Route.ActionArgs) {
  const fromPage = (request.headers.get('accept') ?? '').includes('text/html')
  const answer = async (status: number, toast: ActionResult['toast']) => {
    if (fromPage) throw await redirectWithToast(HUB, toast)
    return Response.json({ ok: status < 400, toast } satisfies ActionResult, {
      status,
      headers: { 'Cache-Control': 'no-store' },
    })
  }
  const refused = (status: number, description: string) =>
    answer(status, { title: 'Upload failed', description, variant: 'destructive' })

  const viewer = await getViewer(request)
  // Read (within the limits) even when refusing, so the browser gets the answer, not a reset.
  const read = await readUploadForm(request, RECEIPT_UPLOAD_LIMITS)
  if (!viewer) {
    if (fromPage) throw redirect(`/auth?tab=login&redirectTo=${encodeURIComponent(HUB)}`)
    return refused(401, 'Please log in again to upload files.')
  }
  if (!read.ok) return refused(read.status, read.message)
  const file = uploadedFile(read.form, 'file')
  if (!file) return refused(400, 'Please choose a file to upload.')
  const link = parseForm(ReceiptLinkFormSchema, {
    linkType: read.form.get('linkType') ?? undefined,
    linkId: read.form.get('linkId') ?? undefined,
  })
  if (!link.ok) return refused(400, link.message)
  try {
    const result = await uploadReceipt({
      userId: viewer.id,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      link: link.data,
    })
    if (!result.ok) return refused(result.status, result.message)
    return answer(200, {
      title: 'File Uploaded!',
      description: `${result.receipt.fileName} was uploaded.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err }, 'Receipt could not be uploaded')
    return refused(500, 'The file could not be saved. Please try again.')
  }
}
