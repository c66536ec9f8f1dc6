import { redirect } from 'react-router'
import { RECEIPT_MAX_BYTES, RECEIPT_TOO_LARGE, ReceiptLinkFormSchema } from '#app/modules/documents/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'
import { type FormProblem, parseForm } from '#app/utils/parse-form.ts'
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

type Reply = { data: ActionResult<'upload', undefined>; init: ResponseInit | null }

/** A file problem (missing, too large, not a receipt) is the file field's; a link problem is the ID's. */
const fileProblem = (message: string) => ({ message, fieldErrors: { file: message } })
const linkProblem = (problem: FormProblem) =>
  Object.keys(problem.fieldErrors).length > 0 ? problem : { ...problem, fieldErrors: { linkId: problem.message } }

/**
 * A receipt upload. The page sends it with XMLHttpRequest (for its progress bar) and reads the
 * answer as JSON, the `ActionResult` every form answers with (a refused one names the field at
 * fault); a form posted without JavaScript is sent back to the hub with the toast instead. The size
 * is checked while the body arrives: a file over 5 MB is refused before it is kept whole, and
 * nothing is stored.
 */
export async function action({ request }: Route.ActionArgs) {
  const fromPage = (request.headers.get('accept') ?? '').includes('text/html')
  const answer = async ({ data, init }: Reply) => {
    if (fromPage) throw await redirectWithToast(HUB, data.toast)
    return Response.json(data, { status: init?.status ?? 200, headers: { 'Cache-Control': 'no-store' } })
  }
  const refusedUpload = (status: number, problem: FormProblem) =>
    answer(refusedForm('upload', problem, { status, title: 'Upload failed' }))

  const viewer = await getViewer(request)
  // Read (within the limits) even when refusing, so the browser gets the answer, not a reset.
  const read = await readUploadForm(request, RECEIPT_UPLOAD_LIMITS)
  if (!viewer) {
    if (fromPage) throw redirect(`/auth?tab=login&redirectTo=${encodeURIComponent(HUB)}`)
    return answer(refused('upload', 'Please log in again to upload files.', 401, undefined, 'Upload failed'))
  }
  if (!read.ok) return refusedUpload(read.status, fileProblem(read.message))
  const file = uploadedFile(read.form, 'file')
  if (!file) return refusedUpload(400, fileProblem('Please choose a file to upload.'))
  const link = parseForm(ReceiptLinkFormSchema, {
    linkType: read.form.get('linkType') ?? undefined,
    linkId: read.form.get('linkId') ?? undefined,
  })
  if (!link.ok) return refusedUpload(400, linkProblem(link))
  try {
    const result = await uploadReceipt({
      userId: viewer.id,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      link: link.data,
    })
    if (!result.ok) {
      const problem =
        result.status === 404 ? linkProblem({ message: result.message, fieldErrors: {} }) : fileProblem(result.message)
      return refusedUpload(result.status, problem)
    }
    return answer(succeeded('upload', 'File Uploaded!', `${result.receipt.fileName} was uploaded.`))
  } catch (err) {
    logger.error({ err }, 'Receipt could not be uploaded')
    return answer(refused('upload', 'The file could not be saved. Please try again.', 500, undefined, 'Upload failed'))
  }
}
