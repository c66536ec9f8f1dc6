import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  createNewsUpdate,
  deleteNewsUpdate,
  listAllNewsUpdates,
  setNewsUpdateStatus,
  updateNewsUpdate,
} from '#app/modules/content/index.server.ts'
import {
  UPDATE_NOT_FOUND,
  UpdateFormSchema,
  UpdateIdFormSchema,
  UpdateStatusFormSchema,
} from '#app/modules/content/update-schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import {
  recordedDelete,
  recordedSave,
  recordedWrite,
  statusChangeRecord,
} from '#app/workflows/recorded-write.server.ts'
import { removeContentImages, storeContentImage } from '#app/workflows/store-content-image.server.ts'
import { formValues } from '../+shared/content-action-result.ts'
import { uploadedFile } from '../+shared/content-form-reader.server.ts'
import { readEditForm } from '../+shared/edit-form.server.ts'
import { UPDATE_FIELDS } from './update-types.ts'

/** The update as it is now, for the activity log's before. */
async function updateBefore(updateId: string) {
  return (await listAllNewsUpdates()).find((update) => update.id === updateId) ?? null
}

const updateFields = (update: { title: string; content: string; image: string }) => ({
  title: update.title,
  content: update.content,
  image: update.image,
})

/** Add (a new update is visible and dated now) or edit (date and visibility stay). */
export async function saveUpdate(fields: FormData, intent: 'create' | 'update', actor: ActivityActor) {
  const read = readEditForm(fields, intent, {
    idField: 'updateId',
    notFound: UPDATE_NOT_FOUND,
    schema: UpdateFormSchema,
    values: UPDATE_FIELDS,
  })
  if (!read.ok) return read.reply
  const { id: updateId } = read
  const values = formValues(fields, UPDATE_FIELDS)
  // An uploaded picture replaces whatever the image field says.
  const file = uploadedFile(fields, 'imageFile')
  const stored = file ? await storeContentImage(file, 'updates') : null
  if (stored && !stored.ok) return refused(intent, stored.message, 400, values)
  const update = stored ? { ...read.data, image: stored.key } : read.data
  if (!updateId) {
    await recordedSave(actor, 'update', { created: updateFields(update) }, (tx) => createNewsUpdate(update, tx))
    return succeeded(intent, 'Update Added', `“${update.title}” is now on the updates page.`)
  }
  const before = await updateBefore(updateId)
  const saved = await recordedSave(
    actor,
    'update',
    { before: before && updateFields(before), after: updateFields(update) },
    (tx) => updateNewsUpdate(updateId, update, tx),
  )
  if (!saved) {
    if (stored) await removeContentImages([stored.key])
    return refused(intent, UPDATE_NOT_FOUND, 404, values)
  }
  return succeeded(intent, 'Update Saved')
}

/** The visibility switch: visible updates are on /updates, hidden ones only here. */
export async function changeUpdateStatus(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(UpdateStatusFormSchema, { updateId: fields.get('updateId'), status: fields.get('status') })
  if (!parsed.ok) return refusedForm('set-status', parsed)
  const { updateId, status } = parsed.data
  const before = await updateBefore(updateId)
  const saved = await recordedWrite(
    actor,
    (tx) => setNewsUpdateStatus(updateId, status, tx),
    (row) => statusChangeRecord('update', before, row),
    { announce: 'update status changed' },
  )
  if (!saved) return refused('set-status', UPDATE_NOT_FOUND, 404)
  return succeeded(
    'set-status',
    'Visibility Updated',
    saved.status === 'visible' ? `“${saved.title}” is shown on the updates page.` : `“${saved.title}” is hidden.`,
  )
}

/** Delete, once confirmed. */
export async function removeUpdate(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(UpdateIdFormSchema, { updateId: fields.get('updateId') })
  if (!parsed.ok) return refused('delete', UPDATE_NOT_FOUND, 404)
  const { updateId } = parsed.data
  const before = await updateBefore(updateId)
  const deleted = await recordedDelete(actor, 'update', { id: updateId, title: before?.title }, (tx) =>
    deleteNewsUpdate(updateId, tx),
  )
  if (!deleted) return refused('delete', UPDATE_NOT_FOUND, 404)
  return succeeded('delete', 'Update Deleted')
}
