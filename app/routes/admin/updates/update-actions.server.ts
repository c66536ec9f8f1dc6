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
import { changedFields } from '#app/rules/changes.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { createdFields, recordedWrite, statusChangeRecord } from '#app/workflows/recorded-write.server.ts'
import { removeContentImages, storeContentImage } from '#app/workflows/store-content-image.server.ts'
import { formValues } from '../+shared/content-action-result.ts'
import { uploadedFile } from '../+shared/content-form-reader.server.ts'
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
  const values = formValues(fields, UPDATE_FIELDS)
  let updateId: string | undefined
  if (intent === 'update') {
    const id = parseForm(UpdateIdFormSchema, { updateId: fields.get('updateId') })
    if (!id.ok) return refused(intent, UPDATE_NOT_FOUND, 404, values)
    updateId = id.data.updateId
  }
  const parsed = parseForm(UpdateFormSchema, {
    title: fields.get('title'),
    content: fields.get('content'),
    image: fields.get('image'),
  })
  if (!parsed.ok) return refusedForm(intent, parsed, { values })
  // An uploaded picture replaces whatever the image field says.
  const file = uploadedFile(fields, 'imageFile')
  const stored = file ? await storeContentImage(file, 'updates') : null
  if (stored && !stored.ok) return refused(intent, stored.message, 400, values)
  const update = stored ? { ...parsed.data, image: stored.key } : parsed.data
  if (!updateId) {
    await recordedWrite(
      actor,
      (tx) => createNewsUpdate(update, tx),
      (created) => ({
        action: 'update.created',
        recordType: 'update',
        recordId: created.id,
        recordLabel: created.title,
        changes: createdFields(updateFields(update)),
      }),
      { announce: 'update added' },
    )
    return succeeded(intent, 'Update Added', `“${update.title}” is now on the updates page.`)
  }
  const before = await updateBefore(updateId)
  const saved = await recordedWrite(
    actor,
    (tx) => updateNewsUpdate(updateId, update, tx),
    (row) =>
      row
        ? {
            action: 'update.updated',
            recordType: 'update',
            recordId: row.id,
            recordLabel: row.title,
            changes: before ? changedFields(updateFields(before), updateFields(update)) : {},
          }
        : null,
    { announce: 'update saved' },
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
  const deleted = await recordedWrite(
    actor,
    (tx) => deleteNewsUpdate(updateId, tx),
    (ok) =>
      ok
        ? { action: 'update.deleted', recordType: 'update', recordId: updateId, recordLabel: before?.title ?? '' }
        : null,
    { announce: 'update deleted' },
  )
  if (!deleted) return refused('delete', UPDATE_NOT_FOUND, 404)
  return succeeded('delete', 'Update Deleted')
}
