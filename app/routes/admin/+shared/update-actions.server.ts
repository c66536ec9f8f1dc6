import { data } from 'react-router'
import { firstIssue } from '#app/modules/content/form-fields.ts'
import {
  createNewsUpdate,
  deleteNewsUpdate,
  setNewsUpdateStatus,
  updateNewsUpdate,
} from '#app/modules/content/index.server.ts'
import {
  UPDATE_NOT_FOUND,
  UpdateFormSchema,
  UpdateIdFormSchema,
  UpdateStatusFormSchema,
} from '#app/modules/content/update-schemas.ts'
import { removeContentImages, storeContentImage } from '#app/workflows/store-content-image.server.ts'
import { formValues } from './content-action-result.ts'
import { uploadedFile } from './content-form-reader.server.ts'
import { UPDATE_FIELDS, type UpdateActionResult, type UpdateFormValues } from './update-types.ts'

function succeeded(intent: string, title: string, description?: string) {
  return data<UpdateActionResult>({ ok: true, intent, toast: { title, description, variant: 'success' } })
}

export function refused(
  intent: string | null,
  description: string,
  status: 400 | 404 | 413,
  values?: UpdateFormValues,
) {
  return data<UpdateActionResult>(
    { ok: false, intent, toast: { title: 'Error', description, variant: 'destructive' }, values },
    { status },
  )
}

/** Add (a new update is visible and dated now) or edit (date and visibility stay). */
export async function saveUpdate(fields: FormData, intent: 'create' | 'update') {
  const values = formValues(fields, UPDATE_FIELDS)
  let updateId: string | undefined
  if (intent === 'update') {
    const id = UpdateIdFormSchema.safeParse({ updateId: fields.get('updateId') })
    if (!id.success) return refused(intent, UPDATE_NOT_FOUND, 404, values)
    updateId = id.data.updateId
  }
  const parsed = UpdateFormSchema.safeParse({
    title: fields.get('title'),
    content: fields.get('content'),
    image: fields.get('image'),
  })
  if (!parsed.success) return refused(intent, firstIssue(parsed.error), 400, values)
  // An uploaded picture replaces whatever the image field says.
  const file = uploadedFile(fields, 'imageFile')
  const stored = file ? await storeContentImage(file, 'updates') : null
  if (stored && !stored.ok) return refused(intent, stored.message, 400, values)
  const update = stored ? { ...parsed.data, image: stored.key } : parsed.data
  if (!updateId) {
    await createNewsUpdate(update)
    return succeeded(intent, 'Update Added', `“${update.title}” is now on the updates page.`)
  }
  const saved = await updateNewsUpdate(updateId, update)
  if (!saved) {
    if (stored) await removeContentImages([stored.key])
    return refused(intent, UPDATE_NOT_FOUND, 404, values)
  }
  return succeeded(intent, 'Update Saved')
}

/** The visibility switch: visible updates are on /updates, hidden ones only here. */
export async function changeUpdateStatus(fields: FormData) {
  const parsed = UpdateStatusFormSchema.safeParse({ updateId: fields.get('updateId'), status: fields.get('status') })
  if (!parsed.success) return refused('set-status', firstIssue(parsed.error), 400)
  const saved = await setNewsUpdateStatus(parsed.data.updateId, parsed.data.status)
  if (!saved) return refused('set-status', UPDATE_NOT_FOUND, 404)
  return succeeded(
    'set-status',
    'Visibility Updated',
    saved.status === 'visible' ? `“${saved.title}” is shown on the updates page.` : `“${saved.title}” is hidden.`,
  )
}

/** Delete, once confirmed. */
export async function removeUpdate(fields: FormData) {
  const parsed = UpdateIdFormSchema.safeParse({ updateId: fields.get('updateId') })
  if (!parsed.success || !(await deleteNewsUpdate(parsed.data.updateId))) {
    return refused('delete', UPDATE_NOT_FOUND, 404)
  }
  return succeeded('delete', 'Update Deleted')
}
